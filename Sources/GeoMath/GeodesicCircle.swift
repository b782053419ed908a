/// The set of points within a geodesic distance of a center on the WGS84 ellipsoid (a geodesic
/// circle, or disc), with its exact latitude/longitude bounds and a MapKit-compatible span.
///
/// Not MapKit's `MKCoordinateRegion`, which is a center and a span: that is
/// ``CoordinateRegion``, and ``region`` gives the one that contains this circle (where one
/// exists: see ``region``).
///
/// The circle of center C and radius r is every point P with `C.distance(to: P) <= r`
/// (geodesic distance, Karney 2013 through PROJ). Its ``bounds`` are the smallest box that
/// contains it:
/// - north and south are the destinations due north and due south, or exactly +-90 when the
///   region contains that pole (its boundary included: a circle through a pole contains it);
/// - east and west are the extreme longitudes of the geodesic circle, found to better than
///   1e-9 degrees where the arriving geodesic heads due east (not the destination at azimuth
///   90, which falls short because the geodesic bends);
/// - a circle containing a pole spans every longitude (west -180, east 180);
/// - a circle crossing the antimeridian has west > east (RFC 7946, section 5.2).
///
/// A radius of at least ``WGS84/halfMeridianMeters`` covers the whole ellipsoid.
///
/// The center's longitude is canonical in [-180, 180): a center at longitude 180 and one at
/// -180 give identical circles.
public struct GeodesicCircle: Hashable, Sendable {
    /// The center; its longitude is in [-180, 180).
    public let center: Coordinate
    /// The radius in metres, finite and greater than 0.
    public let radiusMeters: Double
    /// The smallest latitude/longitude box containing the circle.
    public let bounds: CoordinateBounds
    /// The span symmetric about ``center`` that contains ``bounds`` (MapKit's meaning):
    /// latitudeDelta = 2 max(north - lat, lat - south) capped at 180 (an ulp more where
    /// lat +- latitudeDelta / 2 would round inside the bounds), longitudeDelta = twice
    /// the east-west half-width capped at 360. Where the latitude cap bites (a circle reaching
    /// more than 90 degrees of latitude from its center), the span covers only lat +- 90,
    /// not the whole of ``bounds``.
    public let span: CoordinateSpan
    /// Whether the north pole is within ``radiusMeters`` of ``center``: true whenever
    /// ``contains(_:)`` is true for it (and for a pole beyond the radius by under a nanometre,
    /// which the due-north geodesic reaches).
    public let containsNorthPole: Bool
    /// Whether the south pole is within ``radiusMeters`` of ``center``: true whenever
    /// ``contains(_:)`` is true for it (and for a pole beyond the radius by under a nanometre,
    /// which the due-south geodesic reaches).
    public let containsSouthPole: Bool

    /// Computes the circle of the points within `radiusMeters` of `center`.
    ///
    /// Costs two geodesic direct solutions for north and south and, for a circle without a
    /// pole, typically one to four more for the eastmost point (Newton's method; none for a
    /// circle a few metres across, whose half-width is in closed form; see the repository's
    /// docs/PERFORMANCE.md for measured figures).
    ///
    /// - Parameters:
    ///   - center: Any valid coordinate, poles and the antimeridian included.
    ///   - radiusMeters: A finite number of metres greater than 0. 1e-6 m is fine; from
    ///     20 003 931.4586 m (``WGS84/halfMeridianMeters``) on, the circle is the whole world.
    /// - Throws: ``GeometryError/invalidRadius(_:)`` for 0, negative, NaN or infinite radii.
    public init(center: Coordinate, radiusMeters: Double) throws(GeometryError) {
        guard radiusMeters.isFinite, radiusMeters > 0 else { throw .invalidRadius(radiusMeters) }
        self.init(validatedCenter: center, radiusMeters: radiusMeters)
    }

    /// Builds the circle; `radiusMeters` must be finite and greater than 0.
    init(validatedCenter center: Coordinate, radiusMeters: Double) {
        let latitude = center.latitude
        let longitude = Longitude.wrapped(center.longitude)
        self.center = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        self.radiusMeters = radiusMeters

        if radiusMeters >= WGS84.halfMeridianMeters {
            self.containsNorthPole = true
            self.containsSouthPole = true
            self.bounds = CoordinateBounds(uncheckedSouth: -90, north: 90, west: -180, east: 180)
            self.span = CoordinateSpan(uncheckedLatitudeDelta: 180, longitudeDelta: 360)
            return
        }

        let geodesic = WGS84Geodesic.shared
        let northward = geodesic.direct(latitude: latitude, longitude: longitude, azimuth: 0, distance: radiusMeters)
        let southward = geodesic.direct(latitude: latitude, longitude: longitude, azimuth: 180, distance: radiusMeters)
        // A meridian geodesic arrives heading north (azimuth 0) unless it went over the pole,
        // after which it heads south (azimuth +-180); likewise southward. A radius equal to the
        // distance to the pole (the circle through it) can arrive an ulp short of it, so near
        // the pole the distance decides too, as contains(_:) does: a circle that contains the
        // pole always says so and spans every longitude.
        func reaches(pole: Double, arrival: (latitude: Double, longitude: Double, azimuth: Double)) -> Bool {
            abs(arrival.latitude) > 89.9999
                && geodesic.distance(latitude1: latitude, longitude1: longitude, latitude2: pole, longitude2: 0)
                    <= radiusMeters
        }
        let containsNorth = latitude == 90 || northward.latitude == 90 || abs(northward.azimuth) > 90
            || reaches(pole: 90, arrival: northward)
        let containsSouth = latitude == -90 || southward.latitude == -90 || abs(southward.azimuth) < 90
            || reaches(pole: -90, arrival: southward)
        self.containsNorthPole = containsNorth
        self.containsSouthPole = containsSouth

        // Over a pole the meridian comes back down on the other side, never below the
        // due-south destination, so south stays southward.latitude (and symmetrically).
        let north = containsNorth ? 90 : max(northward.latitude, latitude)
        let south = containsSouth ? -90 : min(southward.latitude, latitude)
        var latitudeDelta = min(180, 2 * max(north - latitude, latitude - south))
        // The region's edges are latitude +- latitudeDelta / 2, rounded: an ulp more where
        // needed (one or two steps) so that they reach the bounds exactly.
        while latitudeDelta < 180,
            latitude + latitudeDelta / 2 < north || latitude - latitudeDelta / 2 > south
        {
            latitudeDelta = min(180, latitudeDelta.nextUp)
        }

        var halfWidth = 180.0
        if !containsNorth && !containsSouth {
            halfWidth = GeodesicCircleExtent.halfWidthDegrees(latitude: latitude, radiusMeters: radiusMeters)
        }
        if halfWidth >= 180 {
            self.bounds = CoordinateBounds(uncheckedSouth: south, north: north, west: -180, east: 180)
            self.span = CoordinateSpan(uncheckedLatitudeDelta: latitudeDelta, longitudeDelta: 360)
        } else {
            let edges = Longitude.boxEdges(
                west: longitude - halfWidth, east: longitude + halfWidth, widthDegrees: 2 * halfWidth)
            self.bounds = CoordinateBounds(uncheckedSouth: south, north: north, west: edges.west, east: edges.east)
            self.span = CoordinateSpan(uncheckedLatitudeDelta: latitudeDelta, longitudeDelta: min(360, 2 * halfWidth))
        }
    }

    /// True when ``bounds`` crosses the antimeridian (west > east).
    public var crossesAntimeridian: Bool { bounds.crossesAntimeridian }

    /// The center and span (MapKit's meaning of a region) that contain the circle: centred on
    /// ``center``, with ``span``. A circle reaching more than 90 degrees of latitude from its
    /// center has no such region: its region covers lat +- 90 (the 13 500 km circle around
    /// (-40, 0) reaches 81.66 N, its region 50 N).
    public var region: CoordinateRegion {
        CoordinateRegion(uncheckedCenter: center, span: span)
    }

    /// Whether `coordinate` is within ``radiusMeters`` of ``center`` (geodesic distance on
    /// WGS84, boundary included).
    public func contains(_ coordinate: Coordinate) -> Bool {
        radiusMeters >= WGS84.halfMeridianMeters || center.distance(to: coordinate) <= radiusMeters
    }
}

extension GeodesicCircle {
    /// The radius of the landing page's map preview around the user: 10 km.
    public static let userVicinityRadiusMeters: Double = 10_000

    /// The circle of ``userVicinityRadiusMeters`` (10 km) around the user's location: what the
    /// landing page's preview shows and what the announcements query asks for.
    public static func userVicinity(around userLocation: Coordinate) -> GeodesicCircle {
        GeodesicCircle(validatedCenter: userLocation, radiusMeters: userVicinityRadiusMeters)
    }

    /// The whole world: center (0, 0), radius ``WGS84/halfMeridianMeters``; bounds -90...90 and
    /// -180...180.
    public static let world = GeodesicCircle(
        validatedCenter: Coordinate(uncheckedLatitude: 0, longitude: 0), radiusMeters: WGS84.halfMeridianMeters)

    /// The circle to show when the user's location is not available (permission not
    /// determined, denied or restricted, location services off): the whole world, which a
    /// Web Mercator map fits to its screen. A camera's fit (`MercatorCamera(fitting:)`, whose
    /// lowest zoom fills the screen's height) on a screen taller than wide shows part of its
    /// width: a 390 x 844-point phone shows longitudes about +-83. A `PreviewFrame`, which has
    /// no lowest zoom, shows the whole world there, its full width. No location is guessed.
    public static let locationUnavailableDefault: GeodesicCircle = world
}

extension GeodesicCircle: Codable {
    private enum CodingKeys: String, CodingKey {
        case center, radiusMeters
    }

    /// Decodes a center and a radius and recomputes the circle, validating both.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an invalid center or radius.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let center = try container.decode(Coordinate.self, forKey: .center)
        let radius = try container.decode(Double.self, forKey: .radiusMeters)
        do {
            self = try GeodesicCircle(center: center, radiusMeters: radius)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the center and the radius; everything else follows from them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(center, forKey: .center)
        try container.encode(radiusMeters, forKey: .radiusMeters)
    }
}
