// The BookingSandbox module. Its files are being written.
