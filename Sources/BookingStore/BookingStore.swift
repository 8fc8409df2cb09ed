// The BookingStore module: the client's tables over SQLite.
