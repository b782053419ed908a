import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// `geobench preview`: the landing page's snapshot frame and its pins, as JSON.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Print the preview frame (16:9 by default) and the placed pins of a CSV of announcements as JSON."
    )

    @OptionGroup var place: RegionOptions

    @Option(name: .long, parsing: .unconditional, help: "Frame width in points, in [1, 1000000] (with the default height, at least 16/9).", transform: DecimalOption.value)
    var width: Double

    @Option(name: .long, parsing: .unconditional, help: "Frame height in points, in [1, 1000000] (default: width * 9/16).", transform: DecimalOption.value)
    var height: Double?

    @Option(name: .long, parsing: .unconditional, help: "Display scale, pixels per point, in (0, 100]. (default: \(Double(1)))", transform: DecimalOption.value)
    var scale: Double = 1

    @Option(name: .long, help: "CSV of announcements: header id,status,latitude,longitude.")
    var pins: String?

    func run() throws {
        let region = try place.region()
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height, displayScale: scale)
        let layout = try loadPins(pins, frame: frame, estimate: .previewPins)
        var output = DescriptorOutput.standardOutput()
        try Self.write(frame: frame, layout: layout, to: &output)
        try output.flush()
    }

    /// The document of DESIGN.md, written piece by piece (one pin at a time): the same text
    /// as one `JSONValue`, without holding all of it.
    static func write(frame: PreviewFrame, layout: PinLayout, to output: inout DescriptorOutput) throws(FileIOError) {
        let frameJSON = JSONValue.object([
            ("width", .number(frame.widthPoints)),
            ("height", .number(frame.heightPoints)),
            ("scale", .number(frame.displayScale)),
            ("pointsPerMeter", .number(frame.pointsPerMercatorMeter)),
        ])
        try output.write("{\"frame\":" + frameJSON.text + ",\"pins\":[")
        for (index, pin) in layout.pins.enumerated() {
            let pinJSON = JSONValue.object([
                ("id", .string(pin.id)),
                ("category", .string(pin.category.rawValue)),
                ("x", .number(pin.point.x)),
                ("y", .number(pin.point.y)),
                ("inFrame", .bool(pin.inFrame)),
                ("distanceMeters", .number(pin.distanceMeters)),
            ])
            try output.write((index > 0 ? "," : "") + pinJSON.text)
        }
        try output.write("],\"skipped\":[")
        for (index, skipped) in layout.skipped.enumerated() {
            let skippedJSON = JSONValue.object([("id", .string(skipped.id)), ("reason", .string(skipped.reason.description))])
            try output.write((index > 0 ? "," : "") + skippedJSON.text)
        }
        try output.write("]}\n")
    }
}

/// The pins of the CSV at `path` (none without one) laid out in `frame`. The file is read
/// through `InputFile` (regular files of at most 256 MiB, with the memory check for what the
/// command will do with it, `estimate`); the text and the announcements are released on
/// return, leaving the layout.
func loadPins(_ path: String?, frame: PreviewFrame, estimate: LoadEstimate) throws -> PinLayout {
    guard let path else { return PinLayout(announcements: [], frame: frame) }
    let announcements = try AnnouncementCSV.parse(try InputFile.readText(path, estimate: estimate))
    return PinLayout(announcements: announcements, frame: frame)
}
