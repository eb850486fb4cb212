"""Screenshots of the desk, the hall, the phone pages and the published site, for the docs and for checking layouts."""
