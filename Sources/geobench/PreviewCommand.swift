import ArgumentParser
import GeoMath
import MapTooling
import Projection

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `geobench preview`: the landing page's snapshot frame and its pins, as JSON.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Print the preview frame (16:9 by default) and the placed pins of a CSV of announcements as JSON."
    )

    @OptionGroup var place: RegionOptions

    @Option(name: .long, parsing: .unconditional, help: "Frame width in points.")
    var width: Double

    @Option(name: .long, parsing: .unconditional, help: "Frame height in points (default: width * 9/16).")
    var height: Double?

    @Option(name: .long, parsing: .unconditional, help: "Display scale, pixels per point.")
    var scale: Double = 1

    @Option(name: .long, help: "CSV of announcements: header id,status,latitude,longitude.")
    var pins: String?

    func run() throws {
        let region = try place.region()
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height, displayScale: scale)
        let announcements = try pins.map { path in try AnnouncementCSV.parse(try readFile(path)) } ?? []
        let layout = PinLayout(announcements: announcements, frame: frame)
        print(Self.json(frame: frame, layout: layout).text)
    }

    static func json(frame: PreviewFrame, layout: PinLayout) -> JSONValue {
        .object([
            ("frame", .object([
                ("width", .number(frame.widthPoints)),
                ("height", .number(frame.heightPoints)),
                ("scale", .number(frame.displayScale)),
                ("pointsPerMeter", .number(frame.pointsPerMercatorMeter)),
            ])),
            ("pins", .array(layout.pins.map { pin in
                .object([
                    ("id", .string(pin.id)),
                    ("category", .string(pin.category.rawValue)),
                    ("x", .number(pin.point.x)),
                    ("y", .number(pin.point.y)),
                    ("inFrame", .bool(pin.inFrame)),
                    ("distanceMeters", .number(pin.distanceMeters)),
                ])
            })),
            ("skipped", .array(layout.skipped.map { skipped in
                .object([("id", .string(skipped.id)), ("reason", .string(skipped.reason.description))])
            })),
        ])
    }
}

/// Errors reading an input file.
struct FileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read '\(path)': \(reason)" }
}

/// The whole file as UTF-8 text (invalid bytes become U+FFFD).
func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else {
        throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
        if count < chunk.count {
            if ferror(file) != 0 { throw FileError(path: path, reason: "read error") }
            break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
