"""The hall display: a full-screen window for a second monitor or a projector (``window.HallWindow``),
its pages (``pages``), what they show read from the store in one go (``data``) and its set-up dialog."""
