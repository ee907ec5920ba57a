package dev.loadtest.samples.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The scripts and style sheets inlined into the report, read once from the class path: uPlot from its
 * webjar ({@code org.webjars.npm:uplot}) and the report's own {@code report.js} / {@code report.css}.
 */
final class Assets {

    private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final String OWN = "dev/loadtest/samples/report/";
    private static final Pattern SCRIPT_END = Pattern.compile("(?i)</(script)");
    private static final Pattern STYLE_END = Pattern.compile("(?i)</(style)");

    final String uPlotVersion;
    final String uPlotJs;
    final String uPlotCss;
    final String uPlotLicense;
    final String reportJs;
    final String reportCss;

    private Assets() {
        uPlotVersion = uPlotVersion();
        String dist = "META-INF/resources/webjars/uplot/" + uPlotVersion + "/";
        uPlotJs = script(read(dist + "dist/uPlot.iife.min.js"));
        uPlotCss = style(read(dist + "dist/uPlot.min.css"));
        uPlotLicense = read(dist + "LICENSE").replace("*/", "* /");
        reportJs = script(read(OWN + "report.js"));
        reportCss = style(read(OWN + "report.css"));
    }

    private static volatile Assets loaded;

    /**
     * The assets, loaded on first use.
     *
     * @throws IllegalStateException if the uPlot webjar or the report's own resources are not on the class path
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
            throw new UncheckedIOException("cannot read " + resource + " from the class path", e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = Assets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException(resource + " is not on the class path: the HTML report inlines uPlot "
                    + "from the webjar org.webjars.npm:uplot, add it as a dependency");
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
