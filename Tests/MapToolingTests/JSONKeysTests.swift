import Foundation
import Testing

@testable import MapTooling

/// Repeated keys and deep nesting in JSON: errors before decoding, where `JSONDecoder` would
/// keep one of the values silently.
@Suite("JSONKeys")
struct JSONKeysTests {
    static let camera = #"{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844}"#

    private func check(_ text: String) throws(JSONStructureError) {
        try JSONKeys.check(Data(text.utf8))
    }

    @Test("BAD_INPUTS row 52: a camera script with a key twice in any object is an error naming the key and the object")
    func row55DuplicateKeysInScripts() throws {
        let cases: [(String, JSONStructureError, String)] = [
            (#"{"camera":{"latitude":1,"longitude":2,"zoom":3,"zoom":4,"width":100,"height":100},"events":[]}"#,
             .duplicateKey("zoom", path: "camera"), "duplicate key 'zoom' in camera"),
            (#"{"camera":\#(Self.camera),"events":[],"events":[{"type":"pan","dx":1,"dy":2}]}"#,
             .duplicateKey("events", path: ""), "duplicate key 'events' at the top level"),
            (#"{"camera":\#(Self.camera),"events":[{"type":"pan","dx":1,"dy":2},{"type":"pan","dx":1,"dx":5,"dy":2}]}"#,
             .duplicateKey("dx", path: "events[1]"), "duplicate key 'dx' in events[1]"),
            (#"{"camera":\#(Self.camera),"events":[],"track":[{"latitude":1,"longitude":2,"latitude":3}]}"#,
             .duplicateKey("latitude", path: "track[0]"), "duplicate key 'latitude' in track[0]"),
        ]
        for (text, error, message) in cases {
            #expect(throws: error, "\(text)") { try check(text) }
            #expect(error.description == message)
            #expect(throws: CameraScriptDecodingError.structure(error)) { try CameraScript.decode(Data(text.utf8)) }
            #expect(CameraScriptDecodingError.structure(error).description == message)
        }
        // JSONDecoder alone takes them (one value wins): the reason for the scan.
        #expect((try? JSONDecoder().decode(CameraScript.self, from: Data(cases[0].0.utf8))) != nil)
    }

    @Test("BAD_INPUTS row 52: keys are compared decoded: escapes, surrogate pairs and canonically equivalent forms are the same key")
    func row55DecodedKeys() throws {
        #expect(throws: JSONStructureError.duplicateKey("zoom", path: "")) { try check(#"{"zoom":1,"zo\u006fm":2}"#) }
        #expect(throws: JSONStructureError.duplicateKey("a/b", path: "")) { try check(#"{"a/b":1,"a\/b":2}"#) }
        #expect(throws: JSONStructureError.duplicateKey("q\"", path: "")) { try check(#"{"q\"":1,"q\u0022":2}"#) }
        #expect(throws: JSONStructureError.duplicateKey("😀", path: "")) { try check(#"{"😀":1,"\ud83d\ude00":2}"#) }
        #expect(throws: JSONStructureError.duplicateKey("é", path: "")) { try check("{\"\u{E9}\":1,\"e\u{301}\":2}") }
        // Strings with escaped quotes and backslashes before the repeated key do not hide it.
        #expect(throws: JSONStructureError.duplicateKey("k", path: "")) { try check(#"{"s":"a\"b\\","k":1,"t":["\"]"],"k":2}"#) }
        // A key shown in a message is escaped like a path.
        #expect(JSONStructureError.duplicateKey("a\nb", path: "x\u{1B}").description == #"duplicate key 'a\nb' in x\u{1B}"#)
        // Different keys stay different.
        try check(#"{"zoom":1,"Zoom":2,"zoom ":3,"\u007a":4,"\n":5,"\\n":6}"#)
    }

    @Test("BAD_INPUTS row 52: the same key in different objects, keys inside strings, and every kind of value are fine")
    func row55NoFalseAlarms() throws {
        try check(#"{"x":{"a":1},"y":{"a":1},"z":[{"a":1},{"a":2}]}"#)
        try check(#"{"s":"{\"b\":1,\"b\":2}","b":"}]\\","t":["\"", "]"]}"#)
        try check(#" [1, -2.5e3, true, false, null, "x", [], {}, [[]], {"a": {}}] "#)
        try check("{ \"a\" :\t1 ,\n\"b\"\r\n: 2 }")
        // The example script decodes as JSONDecoder decodes it.
        let example = Data(CameraScriptTests.example.utf8)
        #expect(try CameraScript.decode(example) == JSONDecoder().decode(CameraScript.self, from: example))
    }

    @Test("BAD_INPUTS row 52: nesting deeper than 64 levels is an error, 100 000 '[' at once, never a stack overflow")
    func row55DeepNesting() throws {
        let depth = JSONKeys.maximumDepth
        #expect(depth == 64)
        try check(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        try check(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth))
        #expect(throws: JSONStructureError.nestedTooDeeply(maximumDepth: depth)) {
            try check(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        }
        for text in [String(repeating: "[", count: 100_000), String(repeating: #"{"a":"#, count: 100_000)] {
            #expect(throws: JSONStructureError.nestedTooDeeply(maximumDepth: depth)) { try check(text) }
            #expect(throws: CameraScriptDecodingError.structure(.nestedTooDeeply(maximumDepth: depth))) {
                try CameraScript.decode(Data(text.utf8))
            }
        }
        #expect(JSONStructureError.nestedTooDeeply(maximumDepth: depth).description == "arrays and objects nested deeper than 64 levels")
    }

    @Test("BAD_INPUTS row 52: text that is not JSON passes the scan and gets the decoder's error, in one line")
    func row55MalformedText() throws {
        for text in ["", "{", #"{"a""#, #"{"a":}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"["unclosed"#, #"{"\x":1}"#, #"{"\u12":1}"#, "}", "nul"] {
            try check(text)
            do {
                _ = try CameraScript.decode(Data(text.utf8))
                Issue.record("decoded \(text)")
            } catch {
                guard case .invalid(let reason) = error else {
                    Issue.record("\(text): \(error)")
                    continue
                }
                #expect(!reason.isEmpty && !reason.contains("\n"), "\(text): \(reason)")
            }
        }
        #expect(throws: CameraScriptDecodingError.invalid("missing key 'events' in the top level")) {
            try CameraScript.decode(Data(#"{"camera":\#(Self.camera)}"#.utf8))
        }
        #expect(throws: CameraScriptDecodingError.invalid("camera.zoom: expected a number")) {
            try CameraScript.decode(Data(#"{"camera":{"latitude":1,"longitude":2,"zoom":"z","width":1,"height":1},"events":[]}"#.utf8))
        }
    }

    @Test("A camera script nests 5 levels deep (a fit's coordinates), within maximumDepth (its comment said 3)")
    func scriptDepth() throws {
        let text = #"{"camera":\#(Self.camera),"events":[{"type":"fit","coordinates":[{"latitude":1,"longitude":2}]}]}"#
        _ = try CameraScript.decode(Data(text.utf8))
        try JSONKeys.check(Data(text.utf8), maximumDepth: 5)
        #expect(throws: JSONStructureError.nestedTooDeeply(maximumDepth: 4)) { try JSONKeys.check(Data(text.utf8), maximumDepth: 4) }
        #expect(throws: JSONStructureError.nestedTooDeeply(maximumDepth: 3)) { try JSONKeys.check(Data(text.utf8), maximumDepth: 3) }
    }
}
