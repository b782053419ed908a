import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ground metres per screen point on the WGS84 ellipsoid, east-west and north-south apart.
///
/// Web Mercator (EPSG:3857) puts geodetic latitude phi at northing a ln tan(pi/4 + phi/2) and
/// longitude lambda at easting a lambda (a = 6 378 137 m), so one Mercator metre is
/// N(phi) cos(phi) / a ground metres along the parallel and M(phi) cos(phi) / a along the
/// meridian, with N = a / sqrt(1 - e^2 sin^2 phi) and M = a (1 - e^2) / (1 - e^2 sin^2 phi)^(3/2)
/// the ellipsoid's radii of curvature. Divided by the screen's points per Mercator metre s:
///
///     eastWest   = cos(phi) / (s sqrt(1 - e^2 sin^2 phi))
///     northSouth = (1 - e^2) cos(phi) / (s (1 - e^2 sin^2 phi)^(3/2))
///
/// Exact local values in closed form (cos phi = 1 / cosh(Y / a) from the northing Y), not a
/// distance measured over some points. The two differ by the factor M / N: 0.29% in Paris.
/// Renderers that use a sphere (2 pi R cos(phi) per world width: MapLibre's R = 6 371 008.8 m,
/// Leaflet's 6 371 000 m) under-report by 0.30% in Paris and 0.41% at 70 degrees.
public struct GroundScale: Hashable, Sendable {
    /// Ground metres per point along the parallel (east-west).
    public let eastWestMetersPerPoint: Double
    /// Ground metres per point along the meridian (north-south).
    public let northSouthMetersPerPoint: Double

    /// The scale at a Web Mercator northing for a screen of `pointsPerMercatorMeter`.
    ///
    /// - Parameters:
    ///   - northing: The Mercator northing in metres (clamped onto the world; not NaN).
    ///   - pointsPerMercatorMeter: The screen's scale, finite and > 0.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a northing
    ///   that is NaN, or a scale that is not finite, not above 0 or so small that the metres
    ///   per point are not finite (5e-324).
    public init(northing: Double, pointsPerMercatorMeter: Double) throws(GeometryError) {
        guard !northing.isNaN else {
            throw .invalidRendererParameter(name: "northing", value: northing, expected: "a number of Web Mercator metres")
        }
        guard pointsPerMercatorMeter.isFinite, pointsPerMercatorMeter > 0 else {
            throw .invalidRendererParameter(name: "points per Mercator metre", value: pointsPerMercatorMeter, expected: "a finite number > 0")
        }
        self.init(checkedNorthing: northing, pointsPerMercatorMeter: pointsPerMercatorMeter)
        guard eastWestMetersPerPoint.isFinite, northSouthMetersPerPoint.isFinite else {
            throw .invalidRendererParameter(
                name: "points per Mercator metre", value: pointsPerMercatorMeter, expected: "a scale whose metres per point are finite")
        }
    }

    /// ``init(northing:pointsPerMercatorMeter:)`` for values checked already (a camera's).
    init(checkedNorthing northing: Double, pointsPerMercatorMeter: Double) {
        let a = WGS84.semiMajorAxisMeters
        let f = WGS84.flattening
        let e2 = f * (2 - f)
        let half = WebMercator.worldWidthMeters / 2
        let t = min(max(northing, -half), half) / a
        // cos(phi) = sech(Y / a), sin(phi) = tanh(Y / a) for the Mercator latitude phi.
        let cosPhi = 1 / cosh(t), sinPhi = tanh(t)
        let w2 = 1 - e2 * sinPhi * sinPhi
        let w = w2.squareRoot()
        eastWestMetersPerPoint = cosPhi / (pointsPerMercatorMeter * w)
        northSouthMetersPerPoint = (1 - e2) * cosPhi / (pointsPerMercatorMeter * w2 * w)
    }

    /// The scale at a latitude and a zoom (the world 256 2^zoom points wide).
    ///
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)` for a zoom that is not
    ///   finite or lies outside 0 ... 30, `GeometryError/invalidLatitude(_:)` for a latitude
    ///   that is not finite or lies beyond +-90 (beyond +-85.0511287798066 it is clamped).
    public init(latitude: Double, zoom: Double) throws(GeometryError) {
        guard zoom.isFinite, zoom >= 0, zoom <= 30 else { throw .invalidZoom(name: "zoom", value: zoom, minimum: 0, maximum: 30) }
        let checked = try Coordinate(latitude: latitude, longitude: 0).latitude
        let limit = WebMercator.maximumLatitude
        let coordinate = try Coordinate(latitude: min(max(checked, -limit), limit), longitude: 0)
        self.init(checkedNorthing: MercatorPoint(coordinate).y, pointsPerMercatorMeter: 256 * exp2(zoom) / WebMercator.worldWidthMeters)
    }
}

/// The units of a scale bar.
public enum ScaleBarUnits: String, Hashable, Sendable, CaseIterable {
    /// Metres below 1 000 m, kilometres from there ("500 m", "2 km").
    case metric
    /// Feet below 5 280 ft, miles from there ("1000 ft", "1 mi"); 1 ft = 0.3048 m, 1 mi = 1 609.344 m.
    case imperial
}

/// A scale bar: the longest "nice" length (1, 2 or 5 times a power of ten, in metres or
/// kilometres, feet or miles) whose bar fits a maximum width, its width and its label.
public struct ScaleBar: Hashable, Sendable {
    /// The default maximum width: 100 points.
    public static let defaultMaximumWidthPoints = 100.0
    /// The ground metres per point a bar is made for: 1e-9 to 1e9 (a camera's scale lies
    /// within 3e-3 and 2e5: zoom 22 at the Mercator world's edge, zoom 0 at the equator;
    /// ``GroundScale/init(latitude:zoom:)``'s within 1e-5 and 2e5, at zooms up to 30).
    /// Beyond, the longest bar would overflow a double (1e303 metres a point over 1 000 000
    /// points) or its nice length round to 0 (5e-324).
    public static let metersPerPointRange: ClosedRange<Double> = 1e-9...1e9
    /// The maximum widths a bar is made for: a thousandth of a point to 1 000 000 points (with
    /// the scales above, the longest bar between 1e-12 and 1e15 metres: its nice length a
    /// positive double, its label at most 16 digits).
    public static let maximumWidthRangePoints: ClosedRange<Double> = 1e-3...1e6

    /// The bar's ground length in metres.
    public let lengthMeters: Double
    /// The bar's width in points (at most the maximum width).
    public let widthPoints: Double
    /// The label: the length in its unit, "500 m", "2 km", "1000 ft", "1 mi", "0.5 m".
    public let label: String

    /// The bar for a ground scale.
    ///
    /// - Parameters:
    ///   - metersPerPoint: Ground metres per point along the bar, in ``metersPerPointRange``
    ///     (the east-west value of ``GroundScale``).
    ///   - maximumWidthPoints: The widest the bar may be, in ``maximumWidthRangePoints``.
    ///   - units: Metric or imperial.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a width or a
    ///   scale out of range.
    public init(metersPerPoint: Double, maximumWidthPoints: Double = defaultMaximumWidthPoints, units: ScaleBarUnits = .metric) throws(GeometryError) {
        let widths = Self.maximumWidthRangePoints
        guard widths.contains(maximumWidthPoints) else {
            throw .invalidRendererParameter(
                name: "scale bar maximum width", value: maximumWidthPoints, expected: "a number of points in [\(widths.lowerBound), \(widths.upperBound)]")
        }
        let range = Self.metersPerPointRange
        guard range.contains(metersPerPoint) else {
            throw .invalidRendererParameter(
                name: "metres per point", value: metersPerPoint, expected: "a number of metres in [\(range.lowerBound), \(range.upperBound)]")
        }
        // The product is rounded, and can fall a last bit short of a length whose bar is the
        // maximum width exactly (1 km at 6.666666666666666 metres a point over 150 points: the
        // product 999.9999999999999, the bar 150.0 points), which was then missed for 500 m.
        // So the search starts a few last bits above it (a relative 8 ulps, more than the
        // roundings of the product, the bar's width and the unit's conversion together).
        var longest = maximumWidthPoints * metersPerPoint * (1 + 8 * .ulpOfOne)
        var bar = Self.nice(longestMeters: longest, units: units)
        // The limit above and the nice length's metres are rounded: a length at or near it can
        // be a last bit too long for the width (0.1.nextDown metres a point over 100 points:
        // 10 m at 100.00000000000001 points). Such a length does not fit; the limit goes below
        // it until the bar does (a step or two), each step to the next shorter nice length.
        while bar.lengthMeters / metersPerPoint > maximumWidthPoints {
            longest = min(longest, bar.lengthMeters).nextDown
            bar = Self.nice(longestMeters: longest, units: units)
        }
        lengthMeters = bar.lengthMeters
        widthPoints = lengthMeters / metersPerPoint
        label = bar.label
    }

    /// The longest nice length not above `longest` metres in `units`, and its label.
    static func nice(longestMeters longest: Double, units: ScaleBarUnits) -> (lengthMeters: Double, label: String) {
        let (unitMeters, unit): (Double, String)
        switch units {
        case .metric: (unitMeters, unit) = longest >= 1_000 ? (1_000, "km") : (1, "m")
        case .imperial: (unitMeters, unit) = longest >= 5_280 * 0.3048 ? (1_609.344, "mi") : (0.3048, "ft")
        }
        let (mantissa, exponent) = Self.nice(atMost: longest / unitMeters)
        let value = Double(mantissa) * Self.power(exponent)
        return (value * unitMeters, Self.decimal(mantissa: mantissa, exponent: exponent) + " " + unit)
    }

    /// The largest 1, 2 or 5 x 10^exponent not above `limit` (> 0).
    static func nice(atMost limit: Double) -> (mantissa: Int, exponent: Int) {
        var exponent = Int(log10(limit).rounded(.down))
        // (log10 may round across a power of ten: step back until 10^exponent fits.)
        while power(exponent) > limit { exponent -= 1 }
        while power(exponent + 1) <= limit { exponent += 1 }
        for mantissa in [5, 2] where Double(mantissa) * power(exponent) <= limit { return (mantissa, exponent) }
        return (1, exponent)
    }

    /// 10^exponent, exact for the exponents a double holds exactly (0 ... 22), the nearest
    /// double otherwise.
    static func power(_ exponent: Int) -> Double {
        exponent >= 0 ? pow(10, Double(exponent)) : 1 / pow(10, Double(-exponent))
    }

    /// mantissa x 10^exponent as a plain decimal: "5", "20", "0.5", "0.02".
    static func decimal(mantissa: Int, exponent: Int) -> String {
        if exponent >= 0 { return String(mantissa) + String(repeating: "0", count: exponent) }
        return "0." + String(repeating: "0", count: -exponent - 1) + String(mantissa)
    }
}

extension MercatorCamera {
    /// Ground metres per point at the focal point, on the WGS84 ellipsoid (``GroundScale``).
    public var groundScale: GroundScale { GroundScale(checkedNorthing: centerY, pointsPerMercatorMeter: pointsPerMercatorMeter) }

    /// The scale bar for the focal point: the east-west ground metres per point, the longest nice
    /// length fitting `maximumWidthPoints` (default 100).
    ///
    /// - Throws: As ``ScaleBar/init(metersPerPoint:maximumWidthPoints:units:)``.
    public func scaleBar(maximumWidthPoints: Double = ScaleBar.defaultMaximumWidthPoints, units: ScaleBarUnits = .metric) throws(GeometryError) -> ScaleBar {
        try ScaleBar(metersPerPoint: groundScale.eastWestMetersPerPoint, maximumWidthPoints: maximumWidthPoints, units: units)
    }
}
