"""referee_app layer."""
