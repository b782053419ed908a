import GeoMath

/// Edge insets in points: the parts of the screen covered by something else (the legend
/// overlay, the safe areas, a bottom sheet). The rest, the unobstructed rectangle, is where a
/// camera puts its focal point and fits what it must show.
///
/// The focal point, where the camera's center is drawn, is the middle of the unobstructed
/// rectangle of a `width` x `height` screen:
///
///     focal = ( (left + width - right) / 2,  (top + height - bottom) / 2 )
///
/// (MapLibre's `padding`, MapKit's `edgePadding` and `layoutMargins` play the same part.)
/// Named `ScreenInsets` so that it never clashes with SwiftUI's `EdgeInsets` or UIKit's
/// `UIEdgeInsets` in files that use both.
public struct ScreenInsets: Hashable, Sendable, Codable {
    /// Points covered at the top.
    public let top: Double
    /// Points covered on the left.
    public let left: Double
    /// Points covered at the bottom.
    public let bottom: Double
    /// Points covered on the right.
    public let right: Double

    /// No insets: the whole screen is unobstructed.
    public static let zero = ScreenInsets(uncheckedTop: 0, left: 0, bottom: 0, right: 0)

    /// Insets from their four values, each a finite number of points >= 0. Whether they fit
    /// a screen is checked where a screen is known (``validate(widthPoints:heightPoints:)``).
    ///
    /// - Throws: `GeometryError/invalidInsets(top:left:bottom:right:width:height:)`.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) throws(GeometryError) {
        for value in [top, left, bottom, right] where !(value.isFinite && value >= 0) {
            throw .invalidInsets(top: top, left: left, bottom: bottom, right: right, width: .nan, height: .nan)
        }
        self.init(uncheckedTop: top + 0, left: left + 0, bottom: bottom + 0, right: right + 0)
    }

    init(uncheckedTop top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Decodes and validates insets (each key optional, default 0).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value(_ key: CodingKeys) throws -> Double { try container.decodeIfPresent(Double.self, forKey: key) ?? 0 }
        let top = try value(.top), left = try value(.left), bottom = try value(.bottom), right = try value(.right)
        do throws(GeometryError) {
            try self.init(top: top, left: left, bottom: bottom, right: right)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case top, left, bottom, right
    }

    /// Checks that the insets leave at least one point of a `widthPoints` x `heightPoints`
    /// screen unobstructed each way (the smallest screen a camera accepts,
    /// ``ScreenTransform/sizeRangePoints``).
    ///
    /// - Throws: `GeometryError/invalidInsets(top:left:bottom:right:width:height:)`.
    public func validate(widthPoints: Double, heightPoints: Double) throws(GeometryError) {
        guard left + right <= widthPoints - 1, top + bottom <= heightPoints - 1 else {
            throw .invalidInsets(
                top: top, left: left, bottom: bottom, right: right, width: widthPoints, height: heightPoints)
        }
    }

    /// The insets a `widthPoints` x `heightPoints` screen uses: these, or, when they would
    /// leave less than one point across or down (after a resize to a smaller screen), the
    /// offending pair scaled down in proportion until exactly one point is left (to the last
    /// bit: the result always passes ``validate(widthPoints:heightPoints:)`` for that screen,
    /// so the effective insets can be set or handed on as they are). A resize
    /// therefore never fails because of insets; the camera keeps the requested insets for the
    /// next resize.
    ///
    /// A size outside ``ScreenTransform/sizeRangePoints`` is taken as the nearest size in it
    /// (NaN as the smallest), as no camera has another: the insets are never negative or NaN.
    public func effective(widthPoints: Double, heightPoints: Double) -> ScreenInsets {
        let sizes = ScreenTransform.sizeRangePoints
        func inRange(_ size: Double) -> Double { size.isNaN ? sizes.lowerBound : min(max(size, sizes.lowerBound), sizes.upperBound) }
        let width = inRange(widthPoints), height = inRange(heightPoints)
        // Each pair halved before it is added for the shares (exact but for subnormals), so
        // that two insets near the largest double do not add up to infinity and scale to
        // nothing: the pair then leaves exactly one point, as any other.
        @inline(__always) func fitted(_ a: Double, _ b: Double, into size: Double) -> (Double, Double) {
            let room = size - 1
            // validate's own test (a sum that overflows is infinite, above any room). Halves
            // compared instead let the smallest subnormal pass on a 1-point screen: its half
            // rounds to 0, so left 5e-324 stayed 5e-324 where no room is left, and validate
            // refused the screen's own effective insets.
            guard a + b > room else { return (a, b) }
            let halfA = a / 2, halfB = b / 2, total = halfA + halfB
            // (Both halves 0: insets of 5e-324 and 0 or 5e-324, over a screen with no room.)
            guard total > 0 else { return (0, 0) }
            // Each inset's share of the pair (in [0, 1]) times what is left to them: a factor
            // (size - 1) / (a + b) is subnormal for insets near the largest double on a screen a
            // few points across (4.6e-310 for top and bottom 1.8e308 on a 1.08-point one), and
            // its few significant bits put the pair hundreds of last bits above size - 1, past
            // the correction below (validate refused them).
            var (a, b) = (room * (halfA / total), room * (halfB / total))
            // The products round, and their sum came out a last bit above size - 1 for about
            // one random pair in three (top 1 000 and bottom 336 on an 844-point-tall screen:
            // 630.988... + 212.011... = 843.0000000000001): validate(widthPoints:heightPoints:)
            // refused the camera's own effective insets (setInsets(camera.effectiveInsets), a
            // LegendPlacement given them). The larger one steps down by its last bit until the
            // pair leaves a point as validate counts it.
            for _ in 0..<64 where a + b > room {
                if a >= b { a = a.nextDown } else { b = b.nextDown }
            }
            return (max(a, 0), max(b, 0))
        }
        let (l, r) = fitted(left, right, into: width)
        let (t, b) = fitted(top, bottom, into: height)
        return ScreenInsets(uncheckedTop: t, left: l, bottom: b, right: r)
    }
}
