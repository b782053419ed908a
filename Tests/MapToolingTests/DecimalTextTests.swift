import MapTooling
import Testing

@Suite("DecimalText")
struct DecimalTextTests {
    @Test("BAD_INPUTS row 107: a number geobench reads from an option that is not a plain decimal number (hexadecimal, nan, inf, spaces) or is beyond a double (1e400) is refused as typed, never read as 8, NaN or infinity")
    func row107OptionNumbers() throws {
        for text in AnnouncementCSVTests.notNumbers {
            #expect(throws: DecimalTextError.notADecimalNumber(text), "\(text.debugDescription)") { try DecimalText.value(text[...]) }
        }
        for text in AnnouncementCSVTests.tooLarge {
            #expect(throws: DecimalTextError.beyondDouble(text), "\(text.prefix(20))") { try DecimalText.value(text[...]) }
        }
        // The CSV's numbers, read exactly (the nearest Double); an option's text is not trimmed
        // (a shell passes " 5" only when it is quoted so).
        for (text, value) in AnnouncementCSVTests.numbers {
            if text.contains(" ") || text.contains("\t") {
                #expect(throws: DecimalTextError.notADecimalNumber(text)) { try DecimalText.value(text[...]) }
            } else {
                #expect(try DecimalText.value(text[...]).bitPattern == value.bitPattern, "\(text.prefix(30))")
            }
        }
        // A substring is read by itself, not past its end.
        let line = "12.5,0x1p3"
        let comma = try #require(line.firstIndex(of: ","))
        #expect(try DecimalText.value(line[..<comma]) == 12.5)
        #expect(throws: DecimalTextError.notADecimalNumber("0x1p3")) { try DecimalText.value(line[line.index(after: comma)...]) }

        #expect(DecimalTextError.notADecimalNumber("0x1p3").description
            == "'0x1p3' is not a plain decimal number (digits with an optional sign, fraction and exponent, such as -12.5 or 3e-5)")
        #expect(DecimalTextError.beyondDouble("1e400").description == "'1e400' is beyond the range of a double (about +-1.8e308)")
        #expect(DecimalTextError.beyondDouble("1e400").reason == "beyond the range of a double (about +-1.8e308)")
    }

    @Test("fixed rounds half away from zero: 0.125 at 2 decimals is 0.13, -0.125 is -0.13, 2.5 at 0 is 3")
    func roundsHalfAwayFromZero() {
        // Halves that are exact in binary, so the rounding rule alone decides (ties to even
        // would give 0.12, -0.12, 2, 0 and 0.2).
        for (value, decimals, expected) in [
            (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (2.5, 0, "3"), (-2.5, 0, "-3"), (0.5, 0, "1"),
            (0.25, 1, "0.3"), (-0.375, 2, "-0.38"), (1_048_576.5, 0, "1048577"),
        ] {
            #expect(DecimalText.fixed(value, decimals: decimals) == expected, "\(value) at \(decimals) decimals")
        }
        // The documented examples, written as they are.
        #expect(DecimalText.fixed(-0.125, decimals: 3) == "-0.125")
        #expect(DecimalText.fixed(12.5, decimals: 1) == "12.5")
    }

    @Test("a value that rounds to zero is written without a sign: -0.001 at 2 decimals is 0.00, -0.4 at 0 is 0")
    func roundedZeroHasNoSign() {
        for (value, decimals, expected) in [
            (-0.001, 2, "0.00"), (-0.4, 0, "0"), (-0.0004999, 3, "0.000"), (-0.0, 3, "0.000"), (-1e-300, 6, "0.000000"),
        ] {
            #expect(DecimalText.fixed(value, decimals: decimals) == expected, "\(value) at \(decimals) decimals")
        }
        // A negative value that keeps a digit keeps its sign.
        #expect(DecimalText.fixed(-0.0005, decimals: 3) == "-0.001")
        #expect(DecimalText.fixed(-0.6, decimals: 0) == "-1")
    }

    @Test("from 1e12 on a value is written in Swift's own form (its digits would not fit an Int64): 1e13 at 2 decimals is 10000000000000.0")
    func largeValuesInSwiftsForm() {
        for value in [1e12, -1e12, 1e13, 2.5e14, -9.5e14, 1e300] {
            #expect(DecimalText.fixed(value, decimals: 2) == "\(value)", "\(value)")
        }
        // Just below 1e12: fixed-point, with its decimals.
        #expect(DecimalText.fixed(999_999_999_999.5, decimals: 1) == "999999999999.5")
        #expect(DecimalText.fixed(-999_999_999_999.25, decimals: 2) == "-999999999999.25")
        // Not finite: Swift's form too.
        #expect(DecimalText.fixed(.nan, decimals: 2) == "nan" && DecimalText.fixed(-.infinity, decimals: 2) == "-inf")
    }

    @Test("decimals that are negative, or digits that reach 2^53, are written in Swift's own form: before, 0.5 at 20 decimals and 2.5 at -1 stopped the process, and 999999999999.9 at 7 gave 999999999999.9000960")
    func digitsBeyondADouble() {
        for (value, decimals) in [
            (2.5, -1), (2.5, Int.min), (0.5, 20), (9.99, 19), (999_999_999_999.9, 7), (12_345_678_901.123456, 6), (1.0, Int.max),
            (0.0, 400), (-3.0, 1_000),
        ] {
            #expect(DecimalText.fixed(value, decimals: decimals) == "\(value)", "\(value) at \(decimals) decimals")
        }
        // Below 2^53 the digits are the value's, however many: 1e-300 at 300 decimals is a 1 at
        // the last place, 8000000000.000001 at 6 (8e15 + 1 millionths) its digits.
        #expect(DecimalText.fixed(1e-300, decimals: 300) == "0." + String(repeating: "0", count: 299) + "1")
        #expect(DecimalText.fixed(8_000_000_000.000001, decimals: 6) == "8000000000.000001")
        #expect(DecimalText.fixed(0, decimals: 15) == "0.000000000000000")
    }
}
