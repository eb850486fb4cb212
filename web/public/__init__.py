"""The players' page: GET / and /p/NUMBER without a token, drawn with the results website's layout."""
