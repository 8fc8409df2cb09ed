/// A map viewport, `minLon,minLat,maxLon,maxLat` in degrees (no wrap across
/// the antimeridian: minLon <= maxLon).
///
/// A box with minLon > maxLon is refused, not read as crossing the
/// antimeridian: an inverted box and a crossing one look the same, and the
/// server never guesses which the client meant. A client whose viewport
/// crosses it asks for the two halves (`minLon,...,180,...` and
/// `-180,...,maxLon,...`), as BookingKit's `ViewportSearch` does. The whole
/// world, `-180,-90,180,90`, is a box like any other.
struct BoundingBox: Sendable {
    var minLon: Double
    var minLat: Double
    var maxLon: Double
    var maxLat: Double

    init(_ text: String) throws(APIError) {
        func invalid(_ reason: String) -> APIError {
            APIError.validation(field: "bbox", "bbox must be minLon,minLat,maxLon,maxLat in degrees: \(reason).")
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw invalid("four numbers, not \(min(parts.count, 5))") }
        var numbers: [Double] = []
        for part in parts {
            guard part.count <= 24,
                part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                let value = Double(part), value.isFinite
            else { throw invalid("each a decimal number") }
            numbers.append(value)
        }
        (minLon, minLat, maxLon, maxLat) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard (-180...180).contains(minLon), (-180...180).contains(maxLon) else {
            throw invalid("longitudes from -180 to 180")
        }
        guard (-90...90).contains(minLat), (-90...90).contains(maxLat) else {
            throw invalid("latitudes from -90 to 90")
        }
        guard minLat <= maxLat else { throw invalid("minLat above maxLat (an inverted box)") }
        guard minLon <= maxLon else {
            throw invalid("minLon east of maxLon (inverted, or across the antimeridian: ask for the two halves)")
        }
    }

    func contains(lat: Double, lon: Double) -> Bool {
        (minLat...maxLat).contains(lat) && (minLon...maxLon).contains(lon)
    }
}
