package dev.loadtest.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test server's HPACK encoder against RFC 7541's own examples (Appendix C). */
class HpackTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "www.example.com|f1e3c2e5f23a6ba0ab90f4ff",
        "no-cache|a8eb10649cbf",
        "custom-value|25a849e95bb8e8b4bf",
        "302|6402",
        "private|aec3771a4b",
        "Mon, 21 Oct 2013 20:13:21 GMT|d07abe941054d444a8200595040b8166e082a62d1bff",
        "https://www.example.com|9d29ad171863c78f0b97c8e9ae82ae43d3"})
    void should_huffman_code_as_rfc_7541_appendix_c(String text, String hex) {
        assertThat(HexFormat.of().formatHex(Hpack.huffman(text))).isEqualTo(hex);
    }

    @ParameterizedTest(name = "{0} on {1} bits")
    @CsvSource({"10, 5, 0a", "1337, 5, 1f9a0a", "42, 8, 2a", "4096, 5, 1fe11f"})
    void should_encode_integers_as_rfc_7541_c_1(long value, int prefix, String hex) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Hpack.integer(out, 0, prefix, value);
        assertThat(HexFormat.of().formatHex(out.toByteArray())).isEqualTo(hex);
    }
}
