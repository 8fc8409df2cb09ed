// Every platform difference of the BookingAPI module, in one place.
//
// On Linux, URLSession and its types live in FoundationNetworking; on Apple
// platforms they are part of Foundation. Re-exported here so no other file
// needs a conditional import.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
