/// The shortest geodesic between two coordinates on the WGS84 ellipsoid: the solution of the
/// inverse geodesic problem (Karney 2013, through PROJ; about 15 nm accurate).
public struct GeodesicPath: Hashable, Sendable, Codable {
    /// Length of the geodesic in metres, in [0, 20 003 931.4586].
    public let distanceMeters: Double
    /// Azimuth at the start, degrees clockwise from north, in [-180, 180].
    public let initialAzimuthDegrees: Double
    /// Azimuth at the end (the direction of travel on arrival), degrees clockwise from north,
    /// in [-180, 180].
    public let finalAzimuthDegrees: Double
}

/// Where a geodesic of a given length and initial azimuth ends: the solution of the direct
/// geodesic problem on the WGS84 ellipsoid (Karney 2013, through PROJ; about 15 nm accurate).
public struct GeodesicDestination: Hashable, Sendable, Codable {
    /// The end point; its longitude is in [-180, 180].
    public let coordinate: Coordinate
    /// Azimuth of travel on arrival, degrees clockwise from north, in [-180, 180].
    public let finalAzimuthDegrees: Double
}

extension GeodesicPath {
    private enum CodingKeys: String, CodingKey {
        case distanceMeters, initialAzimuthDegrees, finalAzimuthDegrees
    }

    /// Decodes a path and validates the documented ranges: the distance a finite number of
    /// metres in [0, ``WGS84/halfMeridianMeters``], both azimuths finite degrees in [-180, 180].
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the invalid field, its description the
    ///   ``GeometryError/invalidDistance(_:)`` or ``GeometryError/invalidAzimuth(_:)`` message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let distance = try container.decode(Double.self, forKey: .distanceMeters)
        let initial = try container.decode(Double.self, forKey: .initialAzimuthDegrees)
        let final = try container.decode(Double.self, forKey: .finalAzimuthDegrees)
        guard distance >= 0, distance <= WGS84.halfMeridianMeters else {
            throw GeodesicDecoding.corrupted(.invalidDistance(distance), at: .distanceMeters, in: container)
        }
        guard abs(initial) <= 180 else {
            throw GeodesicDecoding.corrupted(.invalidAzimuth(initial), at: .initialAzimuthDegrees, in: container)
        }
        guard abs(final) <= 180 else {
            throw GeodesicDecoding.corrupted(.invalidAzimuth(final), at: .finalAzimuthDegrees, in: container)
        }
        self.init(distanceMeters: distance, initialAzimuthDegrees: initial, finalAzimuthDegrees: final)
    }
}

extension GeodesicDestination {
    private enum CodingKeys: String, CodingKey {
        case coordinate, finalAzimuthDegrees
    }

    /// Decodes a destination and validates it: the coordinate as ``Coordinate`` decodes
    /// (latitude in [-90, 90], longitude in [-180, 180]), the azimuth finite degrees in
    /// [-180, 180].
    ///
    /// - Throws: `DecodingError.dataCorrupted` at the invalid field, its description the
    ///   ``GeometryError`` message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        let final = try container.decode(Double.self, forKey: .finalAzimuthDegrees)
        guard abs(final) <= 180 else {
            throw GeodesicDecoding.corrupted(.invalidAzimuth(final), at: .finalAzimuthDegrees, in: container)
        }
        self.init(coordinate: coordinate, finalAzimuthDegrees: final)
    }
}

private enum GeodesicDecoding {
    /// The decoding error for a field holding an invalid value: at the field, described by the
    /// ``GeometryError``'s message, which is its underlying error.
    static func corrupted<Key: CodingKey>(
        _ error: GeometryError, at key: Key, in container: KeyedDecodingContainer<Key>
    ) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: container.codingPath + [key], debugDescription: error.description, underlyingError: error))
    }
}

extension Coordinate {
    /// Geodesic distance to another coordinate on the WGS84 ellipsoid, in metres.
    ///
    /// Exact to PROJ's geodesic accuracy (about 15 nm), including for nearly antipodal points;
    /// symmetric, and 0 for coincident points. Pole to pole is 20 003 931.4586 m.
    public func distance(to other: Coordinate) -> Double {
        WGS84Geodesic.shared.distance(
            latitude1: latitude, longitude1: longitude, latitude2: other.latitude, longitude2: other.longitude)
    }

    /// The shortest geodesic to another coordinate: its length and its azimuths at both ends.
    ///
    /// For coincident points the distance is 0 and the azimuths are conventional (PROJ's
    /// choice); for antipodal points several geodesics are shortest and one of them is
    /// returned.
    public func geodesic(to other: Coordinate) -> GeodesicPath {
        let solution = WGS84Geodesic.shared.inverse(
            latitude1: latitude, longitude1: longitude, latitude2: other.latitude, longitude2: other.longitude)
        return GeodesicPath(
            distanceMeters: solution.distance,
            initialAzimuthDegrees: solution.azimuth1,
            finalAzimuthDegrees: solution.azimuth2)
    }

    /// Initial azimuth of the shortest geodesic to `other`, in degrees clockwise from north,
    /// in [-180, 180].
    public func initialAzimuth(to other: Coordinate) -> Double {
        geodesic(to: other).initialAzimuthDegrees
    }

    /// Final azimuth (direction of travel on arrival at `other`) of the shortest geodesic, in
    /// degrees clockwise from north, in [-180, 180].
    public func finalAzimuth(to other: Coordinate) -> Double {
        geodesic(to: other).finalAzimuthDegrees
    }

    /// Travels along the geodesic that leaves this coordinate with the given azimuth.
    ///
    /// About 15 nm accurate for lengths up to many times the Earth's circumference; far beyond
    /// it the length's own rounding shows in the end point (PROJ and GeographicLib part by up
    /// to 6 mm at 1e16 m and 54 m at 1e20 m, and give unrelated points at 1e300 m).
    ///
    /// - Parameters:
    ///   - distanceMeters: Any finite length in metres; a negative length travels backwards.
    ///   - azimuthDegrees: Any finite azimuth in degrees clockwise from north.
    /// - Returns: The end point (longitude in [-180, 180]) and the azimuth on arrival.
    /// - Throws: ``GeometryError/invalidDistance(_:)`` or ``GeometryError/invalidAzimuth(_:)``
    ///   for NaN or infinite input.
    public func destination(distanceMeters: Double, azimuthDegrees: Double) throws(GeometryError) -> GeodesicDestination {
        guard distanceMeters.isFinite else { throw .invalidDistance(distanceMeters) }
        guard azimuthDegrees.isFinite else { throw .invalidAzimuth(azimuthDegrees) }
        let end = WGS84Geodesic.shared.direct(
            latitude: latitude, longitude: longitude, azimuth: azimuthDegrees, distance: distanceMeters)
        return GeodesicDestination(
            coordinate: Coordinate(uncheckedLatitude: end.latitude, longitude: end.longitude),
            finalAzimuthDegrees: end.azimuth + 0.0)
    }

    /// The coordinate reached after `distanceMeters` along the geodesic leaving with
    /// `azimuthDegrees` (see ``destination(distanceMeters:azimuthDegrees:)``).
    ///
    /// - Throws: ``GeometryError`` for NaN or infinite input.
    public func coordinate(at distanceMeters: Double, facing azimuthDegrees: Double) throws(GeometryError) -> Coordinate {
        try destination(distanceMeters: distanceMeters, azimuthDegrees: azimuthDegrees).coordinate
    }
}
