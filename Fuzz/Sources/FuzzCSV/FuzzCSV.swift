import MapTooling
import Projection

/// libFuzzer entry: any bytes as a CSV of announcements. Parsing either gives announcements,
/// each classified as a pin or a skip with its reason, or a line-numbered error whose message
/// is formatted; nothing may crash or hang.
func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        for announcement in try AnnouncementCSV.parse(text) {
            switch PinEligibility(announcement) {
            case .pin(_, let coordinate):
                precondition(coordinate.latitude.isFinite && coordinate.longitude.isFinite, "non-finite pin \(coordinate)")
            case .skip(let reason):
                _ = reason.description
            }
        }
    } catch {
        precondition(!error.description.isEmpty)
    }
    return 0
}
