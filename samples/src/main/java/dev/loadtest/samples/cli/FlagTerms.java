package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.given;
import static dev.loadtest.samples.cli.CommandFlags.matched;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The builder's messages in the command's terms: each parameter it names put as the flag that sets it, with the
 * value as the user typed it ({@code clients (0) must be >= 1} becomes {@code -c (0) must be >= 1}). The rules
 * live once, in {@link dev.loadtest.LoadTest.Builder}; a command only speaks of them in its own words, so a rule
 * changed there is changed here too.
 */
final class FlagTerms {

    /**
     * The builder's parameters a command sets from one flag, longest name first (body file before body); a
     * stage's own duration is not the run's.
     */
    private static final Pattern PARAMETER = Pattern.compile("(?<!stage )\\b(body file|connectTimeout"
            + "|maxCheckedBodyBytes|requestTimeout|maxBacklog|scheduleResolution|warmUp|startAt|clients|streams|threads"
            + "|requests|duration|interval|body|users|iterations|rate)"
            + " \\(([^()]*)\\)");

    private FlagTerms() {
    }

    /** {@code message}, from the builder, in the terms of the flags of the command {@code spec} describes. */
    static String of(String message, CommandSpec spec) {
        Matcher m = PARAMETER.matcher(message.replace("clients x streams (", "-c x -m (")
                .replace("stage concurrency (", "--concurrency-stage (")
                .replace("stages cannot be given with", stagesFlag(spec) + " cannot be given with")
                .replace("insecureTrustAll is set", "--insecure is set")
                .replace("users(n)", "-u N").replace("arrivals(perSecond)", "--arrivals RATE"));
        StringBuilder s = new StringBuilder();
        while (m.find()) {
            String flag = switch (m.group(1)) {
                case "body file", "body" -> "-d";
                case "connectTimeout" -> "-T";
                case "requestTimeout" -> "-N";
                case "maxBacklog" -> matched(spec, "--max-sessions") ? "--max-sessions" : "--max-backlog";
                case "maxCheckedBodyBytes" -> "--max-checked-body";
                case "scheduleResolution" -> "--schedule-resolution";
                case "users" -> "-u";
                case "iterations" -> "--iterations";
                case "warmUp" -> "--warm-up-time";
                case "startAt" -> matched(spec, "--start-delay") ? "--start-delay" : "--start-at";
                case "clients" -> "-c";
                case "streams" -> "-m";
                case "threads" -> "-t";
                case "requests" -> "-n";
                case "duration" -> "-D";
                case "interval" -> "--interval";
                default -> matched(spec, "--rps") ? "--rps" : "-R";
            };
            String value = matched(spec, flag) ? given(spec, flag) : m.group(2);
            m.appendReplacement(s, Matcher.quoteReplacement(flag + " (" + value + ")"));
        }
        m.appendTail(s);
        return s.toString();
    }

    /** The flag that gave the builder its stages: --stage, --concurrency-stage, or -R's ramp. */
    private static String stagesFlag(CommandSpec spec) {
        return matched(spec, "--stage") ? "--stage" : matched(spec, "--concurrency-stage") ? "--concurrency-stage"
                : matched(spec, "-R") ? "-R " + given(spec, "-R") : "stages";
    }
}
