/// A map viewport, `minLon,minLat,maxLon,maxLat` in degrees (no wrap across
/// the antimeridian: minLon <= maxLon).
struct BoundingBox: Sendable {
    var minLon: Double
    var minLat: Double
    var maxLon: Double
    var maxLat: Double

    init(_ text: String) throws(APIError) {
        let invalid = APIError.validation(
            field: "bbox", "bbox must be minLon,minLat,maxLon,maxLat in degrees, min <= max.")
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw invalid }
        var numbers: [Double] = []
        for part in parts {
            guard part.count <= 24,
                part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                let value = Double(part), value.isFinite
            else { throw invalid }
            numbers.append(value)
        }
        (minLon, minLat, maxLon, maxLat) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard (-180...180).contains(minLon), (-180...180).contains(maxLon), (-90...90).contains(minLat),
            (-90...90).contains(maxLat), minLon <= maxLon, minLat <= maxLat
        else { throw invalid }
    }

    func contains(lat: Double, lon: Double) -> Bool {
        (minLat...maxLat).contains(lat) && (minLon...maxLon).contains(lon)
    }
}
