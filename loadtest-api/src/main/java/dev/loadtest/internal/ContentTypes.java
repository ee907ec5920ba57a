package dev.loadtest.internal;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** What a {@code Content-Type} value says about how its text is encoded. */
public final class ContentTypes {

    private ContentTypes() {
    }

    /**
     * The charset named by the content type's {@code charset} parameter ({@code text/plain; charset=ISO-8859-1}),
     * UTF-8 when it names none.
     *
     * @throws IllegalArgumentException naming the content type and the charset this JVM does not know
     */
    public static Charset charset(String contentType) {
        for (String parameter : contentType.split(";")) {
            String p = parameter.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                String name = p.substring(8).trim().replace("\"", "");
                try {
                    return Charset.forName(name);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("contentType (" + contentType + ") names a charset ("
                            + name + ") this JVM does not know");
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
