import BookingStore

// The store's value types the command line passes to the package's calls,
// named here so that it imports neither the store nor the SQLite layer.

/// A search as the cache keys it (`BookingClient.offers(_:page:refresh:)`).
package typealias SearchQuery = BookingStore.SearchQuery
/// Where a data space's files live under a data directory.
package typealias DataSpaceDirectory = BookingStore.DataSpaceDirectory
/// A saved trip the viewer skipped, and why.
package typealias SkippedTrip = TripTable.Skipped
