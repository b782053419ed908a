/// How far a (rotated) screen rectangle reaches from the focal point along the Mercator axes,
/// in points: east, west, north and south, each >= 0 for a rectangle holding the focal point.
///
/// A screen point p lies at the Mercator offset (du, -dv) / s from the center, with
/// (du, dv) = R(b)^T (p - focal) = (cos u - sin v, sin u + cos v), u and v its offsets from
/// the focal point. Both are linear in p, so their extremes over a rectangle are at corners,
/// and each separates into a term in u and a term in v:
///
///     east  =   max(cos u0, cos u1) + max(-sin v0, -sin v1)
///     west  = -(min(cos u0, cos u1) + min(-sin v0, -sin v1))
///     south =   max(sin u0, sin u1) + max(cos v0, cos v1)
///     north = -(min(sin u0, sin u1) + min(cos v0, cos v1))
///
/// with u0, u1 and v0, v1 the rectangle's edges relative to the focal point. At bearing 0
/// these are the distances from the focal point to the rectangle's edges, exactly.
struct ViewportExtents: Hashable, Sendable {
    var east: Double
    var west: Double
    var north: Double
    var south: Double

    @inline(__always)
    init(sin: Double, cos: Double, focal: ScreenPoint, minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let u0 = minX - focal.x, u1 = maxX - focal.x
        let v0 = minY - focal.y, v1 = maxY - focal.y
        east = max(cos * u0, cos * u1) + max(-sin * v0, -sin * v1)
        west = -(min(cos * u0, cos * u1) + min(-sin * v0, -sin * v1))
        south = max(sin * u0, sin * u1) + max(cos * v0, cos * v1)
        north = -(min(sin * u0, sin * u1) + min(cos * v0, cos * v1))
    }
}
