/// A point in screen space, in points: origin top-left, y grows downward.
/// Pixels are points times the display scale.
///
/// Not validated: it is the currency of per-frame placement. Operations that take one from a
/// user (a pinch anchor, a tapped point) check it.
public struct ScreenPoint: Hashable, Sendable, Codable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge.
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both values are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
