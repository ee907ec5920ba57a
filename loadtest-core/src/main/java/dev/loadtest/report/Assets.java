package dev.loadtest.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The scripts and style sheets inlined into the pages, read once from this package's resources: uPlot
 * (copied from its webjar {@code org.webjars.npm:uplot} into {@code uplot/} by the build), {@code report.css},
 * the error capture every page starts with ({@code errors.js}), and each page's script ({@code report.js},
 * {@code compare.js}, {@code capacity.js}) with the helpers they share, {@code charts.js}, before it in the same
 * script element. Read through this class, so that they are found in a
 * named module too, where a package's resources are visible to its own module only.
 */
final class Assets {

    /** The pages' Content-Security-Policy: inline scripts and styles only; no fetch of any kind, no form, no base URL. */
    static final String CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "img-src data:; base-uri 'none'; form-action 'none'";

    private static final String UPLOT = "uplot/";
    private static final String UPLOT_POM = UPLOT + "pom.properties";
    private static final Pattern SCRIPT_END = Pattern.compile("(?i)</(script)");
    private static final Pattern STYLE_END = Pattern.compile("(?i)</(style)");

    final String uPlotVersion;
    final String uPlotJs;
    final String uPlotCss;
    final String uPlotLicense;
    final String reportCss;
    /** First in each page's head: records errors for the page to show and tests to read. */
    final String errorCaptureJs;
    /** The run report's script ({@link HtmlReport}). */
    final String reportJs;
    /** The comparison page's script ({@link ComparisonHtml}). */
    final String compareJs;
    /** The capacity search page's script ({@link CapacityReport}). */
    final String capacityJs;

    private Assets() {
        uPlotVersion = uPlotVersion();
        uPlotJs = script(read(UPLOT + "uPlot.iife.min.js"));
        uPlotCss = style(read(UPLOT + "uPlot.min.css"));
        uPlotLicense = read(UPLOT + "LICENSE").replace("*/", "* /");
        reportCss = style(read("report.css"));
        errorCaptureJs = script(read("errors.js"));
        String shared = read("charts.js");
        reportJs = script(shared + "\n" + read("report.js"));
        compareJs = script(shared + "\n" + read("compare.js"));
        capacityJs = script(shared + "\n" + read("capacity.js"));
    }

    private static volatile Assets loaded;

    /**
     * The assets, loaded on first use.
     *
     * @throws IllegalStateException if a resource is missing from the jar (a broken build)
     */
    static Assets get() {
        Assets a = loaded;
        if (a == null) {
            synchronized (Assets.class) {
                a = loaded;
                if (a == null) {
                    a = new Assets();   // a failure propagates as is, and the next call tries again
                    loaded = a;
                }
            }
        }
        return a;
    }

    private static String uPlotVersion() {
        try (InputStream in = open(UPLOT_POM)) {
            Properties p = new Properties();
            p.load(in);
            String version = p.getProperty("version");
            if (version == null || version.isBlank()) {
                throw new IllegalStateException(UPLOT_POM + " names no version");
            }
            return version.trim();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + UPLOT_POM, e);
        }
    }

    private static String read(String resource) {
        try (InputStream in = open(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the HTML report's resource " + resource, e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = Assets.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("dev/loadtest/report/" + resource + " is missing from loadtest-core's jar: "
                    + "the build copies uPlot there from the webjar org.webjars.npm:uplot (maven-dependency-plugin), "
                    + "build it with Maven");
        }
        return in;
    }

    /**
     * Script text that cannot end its {@code <script>} element early ({@code <\/script} in a JS string is the
     * same text); {@code <!--}, which would change how the HTML parser reads the rest, is refused.
     */
    private static String script(String js) {
        if (js.contains("<!--")) {
            throw new IllegalStateException("a script to inline contains <!--, which HTML parsers treat specially");
        }
        return SCRIPT_END.matcher(js).replaceAll("<\\\\/$1");
    }

    /** Style text that cannot end its {@code <style>} element early. */
    private static String style(String css) {
        return STYLE_END.matcher(css).replaceAll("<\\\\/$1");
    }
}
