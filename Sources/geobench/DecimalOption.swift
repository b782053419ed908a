import MapTooling

/// geobench's numeric options are read as the announcements CSV reads a coordinate
/// (`DecimalText.value(_:)`): `--latitude 0x1p3`, `nan` or `inf` are refused as not plain
/// decimal numbers rather than taken as 8 or passed on, and `1e400` is refused as typed rather
/// than reported as "inf" by the check of the value that follows.
enum DecimalOption {
    /// The argument parser prints "The value '1e400' is invalid for '--latitude <latitude>': "
    /// before this error's description, so it gives only the reason.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    static func value(_ text: String) throws(Refusal) -> Double {
        do {
            return try DecimalText.value(text[...])
        } catch {
            throw Refusal(description: error.reason)
        }
    }
}
