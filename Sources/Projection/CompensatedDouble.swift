/// A double-double number: `high + low`, with `high` the nearest double to the sum, so about
/// 106 significant bits.
///
/// The camera keeps its Web Mercator center in this form. A center held in one double picks up
/// half a unit in the last place (1.9 nm near the antimeridian) at every gesture; a million
/// pinches in and out around one finger then walk the anchored coordinate by micrometres,
/// which is 1e-5 points at zoom 20. With the rounding error carried in `low`, the sums of the
/// gesture steps are exact to about 1e-25 m and the anchor stays put (BAD_INPUTS row 28).
/// The additions are Knuth's TwoSum (TAOCP vol. 2, 4.2.2), which needs no fused multiply-add.
@usableFromInline
struct CompensatedDouble: Hashable, Sendable {
    /// The nearest double to the value.
    @usableFromInline var high: Double
    /// The rounding error of `high`: |low| <= ulp(high) / 2.
    @usableFromInline var low: Double

    @inlinable
    init(_ value: Double) {
        high = value
        low = 0
    }

    @inlinable
    init(high: Double, low: Double) {
        self.high = high
        self.low = low
    }

    /// Adds `value`, keeping the sum's rounding error in `low`.
    @inlinable
    mutating func add(_ value: Double) {
        let (sum, error) = Self.twoSum(high, value)
        (high, low) = Self.twoSum(sum, low + error)
    }

    /// `a + b` as the rounded sum and its exact rounding error (TwoSum: six additions, no
    /// branch, valid for any finite a and b).
    @inlinable
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let sum = a + b
        let bVirtual = sum - a
        let aVirtual = sum - bVirtual
        return (sum, (a - aVirtual) + (b - bVirtual))
    }

    /// Wraps the value into one world width of `period` around 0, so that `high` lies in
    /// [-period/2, period/2). Exact: `remainder` and the subtraction of one period from a
    /// value between one half and one period are exact in binary floating point.
    @inlinable
    mutating func wrap(period: Double) {
        let half = period / 2
        if !(high >= -half && high < half) {
            high = high.remainder(dividingBy: period)
            (high, low) = Self.twoSum(high, low)
        }
        if high >= half {
            high -= period
        } else if high < -half {
            high += period
        }
    }
}
