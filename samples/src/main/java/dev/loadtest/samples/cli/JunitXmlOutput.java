package dev.loadtest.samples.cli;

import dev.loadtest.LimitCheck;
import dev.loadtest.Result;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code --junit-xml}: the run as a JUnit XML report, the format CI systems (Jenkins, GitLab, GitHub test
 * reporters, Azure Pipelines...) read. One test suite named after the run; one test case per gate, named by the
 * gate and its bound ({@code p99 response time <= 25.00ms}) so that CI can follow it from run to run; a breached
 * gate is a {@code <failure>} whose message reads "required X, actual Y"; the text report and the gates are the
 * suite's {@code <system-out>}. A run without gates has no test case.
 */
final class JunitXmlOutput {

    /** The class name of every test case, which CI systems group by. */
    static final String CLASS_NAME = "loadtest";

    private JunitXmlOutput() {
    }

    static void write(Path file, String testName, Result result, List<LimitCheck> outcomes, Instant finished)
            throws IOException {
        long failures = outcomes.stream().filter(o -> !o.met()).count();
        String seconds = String.format(Locale.ROOT, "%.3f", result.duration().toNanos() / 1e9);
        String started = DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(
                finished.minus(result.duration()).truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuites");
            attributes(xml, "name", "loadtest", "tests", outcomes.size(), "failures", failures, "errors", 0,
                    "time", seconds);
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testsuite");
            attributes(xml, "name", testName, "tests", outcomes.size(), "failures", failures, "errors", 0,
                    "skipped", 0, "time", seconds, "timestamp", started);
            xml.writeCharacters("\n    ");
            xml.writeStartElement("properties");
            property(xml, "verdict", result.verdict().label());
            property(xml, "protocol", result.protocol());
            property(xml, "requests.done", result.requests().done());
            property(xml, "requests.succeeded", result.requests().succeeded());
            property(xml, "requests.failed", result.requests().failed());
            property(xml, "requests.per.second", Gate.Format.number(result.requestsPerSecond()));
            xml.writeCharacters("\n    ");
            xml.writeEndElement();
            for (LimitCheck o : outcomes) {
                xml.writeCharacters("\n    ");
                xml.writeStartElement("testcase");
                attributes(xml, "name", o.limit() + " " + o.required(), "classname", CLASS_NAME, "time", seconds);
                if (!o.met()) {
                    xml.writeCharacters("\n      ");
                    xml.writeStartElement("failure");
                    attributes(xml, "message", o.toString(), "type", "gate breached");
                    xml.writeCharacters(safe(o.toString()));
                    xml.writeEndElement();
                    xml.writeCharacters("\n    ");
                }
                xml.writeEndElement();
            }
            xml.writeCharacters("\n    ");
            xml.writeStartElement("system-out");
            xml.writeCharacters(safe(systemOut(result, outcomes)));
            xml.writeEndElement();
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The text report, then the gates as the command prints them. */
    private static String systemOut(Result result, List<LimitCheck> outcomes) {
        StringBuilder text = new StringBuilder(result.toString());
        if (!outcomes.isEmpty()) {
            text.append("gates:\n");
            for (LimitCheck o : outcomes) {
                text.append("  ").append(o.met() ? "ok        " : "BREACHED  ").append(o).append('\n');
            }
        }
        return text.toString();
    }

    private static void attributes(XMLStreamWriter xml, Object... namesAndValues) throws XMLStreamException {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            xml.writeAttribute((String) namesAndValues[i], safe(String.valueOf(namesAndValues[i + 1])));
        }
    }

    private static void property(XMLStreamWriter xml, String name, Object value) throws XMLStreamException {
        xml.writeCharacters("\n      ");
        xml.writeEmptyElement("property");
        attributes(xml, "name", name, "value", value);
    }

    /**
     * The text with the characters XML 1.0 cannot carry (control characters a server's error message may
     * hold) as U+FFFD: the writer escapes markup but would write those as they are, and no reader accepts them.
     */
    static String safe(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF)
                    || (c >= 0xE000 && c <= 0xFFFD) || Character.isSurrogate(c) && validPair(text, i);
            if (!allowed && out == null) {
                out = new StringBuilder(text.length()).append(text, 0, i);
            }
            if (out != null) {
                out.append(allowed ? c : '\uFFFD');
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
