import Foundation
import GeoMath
import Projection

/// The landing page's preview as a camera: what `geobench render` draws the clusters, the tile
/// grid and the scale bar for when no camera script gives one.
public enum PreviewCamera {
    /// The camera showing exactly what `frame` shows: its center at the focal point, at the
    /// zoom of its scale (log2(s W / 256)), on its screen.
    ///
    /// - Parameter frame: The preview.
    /// - Returns: The camera.
    /// - Throws: ``PreviewCameraError`` where no camera shows the preview as it is: a scale
    ///   beyond zoom 22 (a 1 m circle on a phone is zoom 23.4) or below 0 (the whole world on a
    ///   phone), or a screen taller than the world at that scale. The camera's constraints
    ///   would move such a view, and what is drawn for it would not lie on the map under it.
    public static func camera(showing frame: PreviewFrame) throws(PreviewCameraError) -> MercatorCamera {
        let zoom = log2(frame.pointsPerMercatorMeter * WebMercator.worldWidthMeters / 256)
        let camera: MercatorCamera
        do {
            camera = try MercatorCamera(center: frame.centerMercator, zoom: zoom, widthPoints: frame.widthPoints, heightPoints: frame.heightPoints)
        } catch {
            throw PreviewCameraError(zoom: zoom, shownZoom: nil)
        }
        // (Within rounding: the zoom's log2 and its scale's exp2, and the center placed back.)
        let center = camera.point(for: frame.centerMercator), focal = camera.focalPoint
        guard abs(camera.zoom - zoom) <= 1e-9, abs(center.x - focal.x) <= 1e-6, abs(center.y - focal.y) <= 1e-6 else {
            throw PreviewCameraError(zoom: zoom, shownZoom: camera.zoom)
        }
        return camera
    }
}

/// A preview that no camera shows as it is (``PreviewCamera/camera(showing:)``).
public struct PreviewCameraError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The preview's scale as a zoom.
    public let zoom: Double
    /// The zoom a camera made there shows, or nil where none could be made.
    public let shownZoom: Double?

    /// "no camera shows this one: its scale is zoom 23.43..., shown at zoom 22.0 (...)".
    public var description: String {
        let shown = shownZoom.map { ", shown at zoom \($0)" } ?? ""
        return "no camera shows this one: its scale is zoom \(zoom)\(shown) (a camera shows zooms 0 to 22, the world at least as tall as the screen)"
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }
}
