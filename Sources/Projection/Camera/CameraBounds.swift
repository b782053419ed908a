import GeoMath

/// Where a camera may look: a latitude/longitude box, and whether the whole viewport or only
/// its center must stay inside it.
///
/// - ``Mode/viewport``: no pixel of the (rotated) viewport shows anything outside the box
///   (MapLibre's `maxBounds`). When the box is smaller than the viewport at the current zoom,
///   the camera zooms in until it fits; when even the maximum zoom is not enough, it keeps the
///   maximum zoom and the viewport centred on the box, as far as the center (the focal point's
///   coordinate) stays inside the box: without insets the center is the box's middle; with
///   uneven insets on a box smaller than their offset it rests on the box's edge.
/// - ``Mode/center``: only the focal point's coordinate stays inside the box (MapKit's
///   `MKMapView.CameraBoundary`).
///
/// A box that crosses the antimeridian (west > east) works as any other: the camera pans
/// across +-180 inside it. North and south are taken within the Web Mercator world
/// (+-85.0511287798066 degrees), and the world's edge wins over the box: in center mode the
/// camera zooms in until the center can reach a box near a pole with the viewport still inside
/// the world, and where even the maximum zoom cannot do that (a box of zero height on the
/// world's edge), the center stays as near the box as the world allows.
public struct CameraBounds: Hashable, Sendable, Codable {
    /// What must stay inside the box.
    public enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
        /// The whole viewport (the default).
        case viewport
        /// The focal point only.
        case center
    }

    /// The box, in degrees.
    public let bounds: CoordinateBounds
    /// What must stay inside it.
    public let mode: Mode

    // The box in Web Mercator metres: west <= east (east unwrapped by a world when the box
    // crosses the antimeridian), south <= north, both within the world. Derived.
    let westX: Double
    let eastX: Double
    let southY: Double
    let northY: Double

    /// Camera bounds from a box and a mode.
    public init(_ bounds: CoordinateBounds, mode: Mode = .viewport) {
        self.bounds = bounds
        self.mode = mode
        let world = WebMercator.worldWidthMeters
        let limit = WebMercator.maximumLatitude
        // The clamp latitude projects a few nanometres beyond W/2: the box stays on the world.
        func onWorld(_ latitude: Double) -> Double {
            let y = WebMercatorPROJ.forward(longitude: 0, latitude: min(max(latitude, -limit), limit)).y
            return min(max(y, -world / 2), world / 2)
        }
        southY = onWorld(bounds.south)
        northY = max(onWorld(bounds.north), southY)
        if bounds.spansAllLongitudes {
            westX = -world / 2
            eastX = world / 2
        } else {
            westX = WebMercatorPROJ.forward(longitude: bounds.west, latitude: 0).x
            let east = WebMercatorPROJ.forward(longitude: bounds.east, latitude: 0).x
            eastX = bounds.crossesAntimeridian ? east + world : east
        }
    }

    /// Whether the box spans every longitude (no east-west constraint).
    var spansAllLongitudes: Bool { bounds.spansAllLongitudes || eastX - westX >= WebMercator.worldWidthMeters }

    private enum CodingKeys: String, CodingKey {
        case south, north, west, east, mode
    }

    /// Decodes `{"south":..,"north":..,"west":..,"east":..,"mode":"viewport"|"center"}`
    /// (`mode` optional, default viewport), validating the box.
    ///
    /// - Throws: `DecodingError` naming the value and its range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let south = try container.decode(Double.self, forKey: .south)
        let north = try container.decode(Double.self, forKey: .north)
        let west = try container.decode(Double.self, forKey: .west)
        let east = try container.decode(Double.self, forKey: .east)
        let mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .viewport
        do throws(GeometryError) {
            self.init(try CoordinateBounds(south: south, north: north, west: west, east: east), mode: mode)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the box's edges and the mode.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds.south, forKey: .south)
        try container.encode(bounds.north, forKey: .north)
        try container.encode(bounds.west, forKey: .west)
        try container.encode(bounds.east, forKey: .east)
        try container.encode(mode, forKey: .mode)
    }

    public static func == (a: CameraBounds, b: CameraBounds) -> Bool { a.bounds == b.bounds && a.mode == b.mode }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bounds)
        hasher.combine(mode)
    }
}
