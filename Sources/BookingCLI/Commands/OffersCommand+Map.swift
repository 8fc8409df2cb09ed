import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

// `booking offers --bbox W,S,E,N [--zoom N]`: a map viewport's pins, as
// the server grouped them at the zoom, through the library's
// `ViewportSearch` (no debounce: one viewport, asked at once).
extension OffersCommand {
    static let bbox: TypedOption<[Double]?> = .optional(
        "--bbox", .degrees, value: "W,S,E,N",
        help: "a map viewport instead of --place: west,south,east,north in degrees (west > east crosses the "
            + "antimeridian)")
    static let zoom: TypedOption<Int?> = .optional(
        "--zoom", .integer(in: 0...20), value: "N",
        help: "the map's zoom with --bbox, 0-20 (default: the zoom at which the box is one map tile wide)")

    /// The viewport of `--bbox` and `--zoom`; nil for `--place`. Exactly
    /// one of `--place` and `--bbox`.
    static func viewport(place: String?, _ input: CommandInput) throws(UsageError) -> MapViewport? {
        let box = try input(bbox)
        let zoom = try input(zoom)
        switch (place, box) {
        case (nil, nil):
            throw .missingOption(command: spec.name, option: "\(Self.place.spec.name) or \(bbox.spec.name)")
        case (.some, .some(let box)):
            throw .invalidValue(
                option: bbox.spec.name, value: text(box), reason: "give \(Self.place.spec.name) or it, not both")
        case (.some, nil):
            guard zoom == nil else {
                throw .invalidValue(
                    option: Self.zoom.spec.name, value: "\(zoom ?? 0)", reason: "goes with \(bbox.spec.name)")
            }
            return nil
        case (nil, .some(let box)):
            let (west, south, east, north) = (box[0], box[1], box[2], box[3])
            let width = west <= east ? east - west : 360 - (west - east)
            let fitting = width > 0 ? Int(log2(360 / width).rounded(.down)) : MapViewport.zooms.upperBound
            return MapViewport(
                west: west, south: south, east: east, north: north,
                zoom: zoom ?? min(MapViewport.zooms.upperBound, max(0, fitting)))
        }
    }

    /// Refuses what a map search does not take (filters, pages, `--refresh`)
    /// and a viewport the library would refuse (upside down, off the globe),
    /// with the library's reason.
    static func check(_ map: MapViewport, query: SearchQuery, page: Int, refresh: Bool) throws(UsageError) {
        if let filter = query.filters.keys.sorted().first {
            throw .invalidValue(option: bbox.spec.name, value: filter, reason: "a map search takes no filters")
        }
        if page != 1 || refresh {
            throw .invalidValue(
                option: page != 1 ? Self.page.spec.name : Self.refresh.spec.name, value: "\(page)",
                reason: "goes with \(Self.place.spec.name): a map search has no pages and no cache on disk")
        }
        do {
            _ = try map.request()
        } catch .invalidQuery(let reason) {
            throw .invalidValue(option: bbox.spec.name, value: text(map), reason: reason)
        } catch {
            throw .invalidValue(option: bbox.spec.name, value: text(map), reason: "\(error)")
        }
    }

    /// Asks for the pins and prints them (or the `--json` document).
    static func showPins(_ map: MapViewport, query: SearchQuery, client: BookingClient, invocation: Invocation)
        async throws -> ExitCode
    {
        let search = ViewportSearch(
            client: client, checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests, debounce: .zero)
        let pins: [MapPin]
        do {
            pins = try await search.pins(in: map)
        } catch {
            if case .search(.invalidQuery) = error { throw CommandFailure.rejected("\(error)") }
            throw CommandFailure.client(error, doing: "list the map's pins")
        }
        if invocation.json {
            invocation.emit(json(pins, map: map, query: query))
        } else {
            render(pins, map: map, query: query, invocation: invocation)
        }
        return .done
    }

    static func render(_ pins: [MapPin], map: MapViewport, query: SearchQuery, invocation: Invocation) {
        let console = invocation.console
        console.line(
            console.styled(
                "Map \(text(map)) at zoom \(map.zoom), \(query.checkIn) to \(query.checkOut), \(query.guests) guest(s):",
                .bold))
        if pins.isEmpty { console.line("  (no properties with a room for this stay)") }
        var properties = 0
        for pin in pins {
            switch pin {
            case .property(let property, let latitude, let longitude, let price):
                properties += 1
                console.line(
                    "  \(property.name.terminalSafe) (\(property.city.terminalSafe))  "
                        + "\(place(latitude, longitude))  from \(console.money.text(price).terminalSafe)")
            case .cluster(let count, let latitude, let longitude, let price):
                properties += count
                console.line(
                    "  \(count) properties  \(place(latitude, longitude))  "
                        + (price.map { "from \(console.money.text($0).terminalSafe)" } ?? "prices in several currencies")
                )
            }
        }
        let clusters = pins.filter { if case .cluster = $0 { true } else { false } }.count
        console.line("\(pins.count - clusters) pin(s), \(clusters) cluster(s), \(properties) properties.")
        if clusters > 0 { console.line(console.styled("A higher --zoom splits the clusters.", .dim)) }
    }

    static func json(_ pins: [MapPin], map: MapViewport, query: SearchQuery) -> JSONValue {
        [
            "viewport": [
                "bbox": .string(text(map)), "zoom": .number(map.zoom), "checkIn": .string(query.checkIn.description),
                "checkOut": .string(query.checkOut.description), "guests": .number(query.guests),
            ],
            "pins": .array(
                pins.map { pin in
                    switch pin {
                    case .property(let property, let latitude, let longitude, let price):
                        return [
                            "kind": "property", "propertyId": .string(property.id), "name": .string(property.name),
                            "city": .string(property.city), "lat": .double(latitude), "lon": .double(longitude),
                            "count": .number(1), "lowestPrice": FlowRenderer.moneyJSON(price),
                        ]
                    case .cluster(let count, let latitude, let longitude, let price):
                        return [
                            "kind": "cluster", "count": .number(count), "lat": .double(latitude),
                            "lon": .double(longitude), "lowestPrice": price.map(FlowRenderer.moneyJSON) ?? .null,
                        ]
                    }
                }),
        ]
    }

    /// `38.72100,-9.14000`.
    private static func place(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.5f,%.5f", latitude, longitude)
    }

    /// `-9.3,38.6,-9,38.8`: a box as `--bbox` takes it.
    private static func text(_ box: [Double]) -> String {
        box.map { "\($0)" }.joined(separator: ",")
    }

    private static func text(_ map: MapViewport) -> String {
        text([map.west, map.south, map.east, map.north])
    }
}

extension ValueParser where Value == [Double] {
    /// `W,S,E,N`: four decimal numbers (their ranges are the viewport's
    /// check, `OffersCommand.check`).
    static var degrees: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 4 else {
                throw .invalidValue(option: name, value: text, reason: "four numbers: west,south,east,north")
            }
            var degrees: [Double] = []
            for part in parts {
                degrees.append(try Validate.decimal(String(part), option: name, in: -1_000...1_000))
            }
            return degrees
        }
    }
}
