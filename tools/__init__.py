"""Tools for the developers, not shipped: the screenshot scripts, headless Chromium and WebKit for them and for the browser tests, and the build-time generators (tiles, icons, the catalogue)."""
