#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import GeoMath
import Projection

/// The baselines that `geobench run` and the ordo-one suites time the library against. Not
/// for apps: each is deliberately naive or bare.
public enum Baselines {
    /// The naive region from four destinations at azimuths 0, 90, 180 and 270: the baseline
    /// of the `region` performance run. Inexact (the azimuth-90 destination is not the
    /// eastmost point; poles are not detected); never use it for anything else.
    public static func naiveBounds(center: Coordinate, radiusMeters: Double) -> CoordinateBounds {
        // A finite radius and these azimuths cannot fail; a non-finite radius gives the center.
        func destination(_ azimuth: Double) -> Coordinate {
            (try? center.destination(distanceMeters: radiusMeters, azimuthDegrees: azimuth))?.coordinate ?? center
        }
        let north = destination(0), east = destination(90), south = destination(180), west = destination(270)
        return CoordinateBounds(uncheckedSouth: south.latitude, north: north.latitude, west: west.longitude, east: east.longitude)
    }
}

/// PROJ called directly, one bare `proj_trans_generic` call per batch, no clamping, no error
/// checks: the baselines of the `pins` performance run.
///
/// - ``webMercatorPipeline``: what an application calling PROJ directly for EPSG:4326 ->
///   EPSG:3857 with longitude first runs, the two-step pipeline that `proj_create_crs_to_crs`
///   followed by `proj_normalize_for_visualization` yields (`unitconvert` degrees to radians,
///   then `webmerc`), on degrees;
/// - ``webMercatorStep``: the library's own PROJ step (`webmerc` alone), on radians.
///
/// - Important: Not thread-safe and not `Sendable`: it owns a PROJ context, which PROJ lets one
///   thread at a time use. Package access only (geobench).
package final class RawPROJ {
    /// The EPSG:4326 -> EPSG:3857 pipeline's definition (degrees in, metres out).
    package static let webMercatorPipeline =
        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=webmerc +ellps=WGS84"
    /// The library's PROJ step (radians in, metres out).
    package static let webMercatorStep = "+proj=webmerc +ellps=WGS84"

    private let proj: ProjTransformation

    /// Creates the PROJ context and transformation.
    ///
    /// - Throws: ``ToolError`` with PROJ's message.
    package init(definition: String) throws(ToolError) {
        guard let proj = ProjTransformation(definition: definition) else {
            throw ToolError("PROJ could not create '\(definition)': \(ProjTransformation.setupFailure(definition: definition))")
        }
        self.proj = proj
    }

    /// One `proj_trans_generic` call on the buffers, in place; returns PROJ's count.
    package func projectInPlace(longitudes: UnsafeMutableBufferPointer<Double>, latitudes: UnsafeMutableBufferPointer<Double>) -> Int {
        proj.rawForward(x: longitudes, y: latitudes)
    }
}

/// A tool's failure that is not bad geometry: a message for the user.
public struct ToolError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The message.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    public var errorDescription: String? { description }
}
