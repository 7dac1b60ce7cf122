package org.sextant.engine.api;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import org.sextant.contract.HomeFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * The tail of logs/sextant.log, read from the end so a large log costs nothing. The log rolls by
 * size (the app's Logging), so when the newest file holds fewer lines than asked, the rest come
 * from the end of sextant.log.1. The lines show no host paths: the home reads SEXTANT_HOME and the
 * user's home ~ (the file itself keeps them).
 */
final class AppLog {
    static final int DEFAULT_LINES = 200;
    static final int MAX_LINES = org.sextant.contract.Bounds.MAX_LOG_LINES;

    private AppLog() {}

    static Map<String, Object> tail(Path log, Integer lines, Path home, Path userHome) {
        int n = lines == null ? DEFAULT_LINES : lines;
        if (n < 1 || n > MAX_LINES) {
            throw SextantException.invalid("lines", "lines must be 1.." + MAX_LINES + ", was " + n, "ask for at most " + MAX_LINES + " lines");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if (!Files.exists(log, LinkOption.NOFOLLOW_LINKS)) {
            out.put("lines", List.of());
            out.put("note", "no log yet");
            return out;
        }
        try {
            // the log is shown only as the app wrote it: a link (to any file) or a FIFO in its place is named, never read
            long size = HomeFile.regular(log).size();
            List<String> newest = lastLines(log, n);
            Path before = log.resolveSibling(log.getFileName() + ".1");
            List<String> all = new ArrayList<>();
            if (newest.size() < n && Files.exists(before, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    all.addAll(lastLines(before, n - newest.size()));
                } catch (HomeFile.NotRegular e) {
                    out.put("note", "logs/" + before.getFileName() + " " + e.why());
                }
            }
            all.addAll(newest);
            java.util.function.UnaryOperator<String> mask = masking(home, userHome); // compiled once for all the lines
            out.put("lines", all.stream().map(mask).toList());
            out.put("size_bytes", size);
            return out;
        } catch (HomeFile.NotRegular e) {
            out.put("lines", List.of());
            out.put("note", "logs/" + log.getFileName() + " " + e.why() + ": the app writes its log as a regular file");
            return out;
        } catch (IOException e) {
            throw new SextantException(FailReason.APP_ERROR, "cannot read the app log: " + e.getMessage(), null, "check SEXTANT_HOME/logs");
        }
    }

    /** The line with the home's path as SEXTANT_HOME and the user's home as ~ (a path only where it ends: /home/al is no prefix of /home/alice). */
    static String shown(String line, Path home, Path userHome) {
        return masking(home, userHome).apply(line);
    }

    private static java.util.function.UnaryOperator<String> masking(Path home, Path userHome) {
        java.util.function.UnaryOperator<String> inHome = masked(home, "SEXTANT_HOME");
        java.util.function.UnaryOperator<String> inUser = masked(userHome, "~");
        return line -> inUser.apply(inHome.apply(line));
    }

    private static java.util.function.UnaryOperator<String> masked(Path prefix, String name) {
        if (prefix == null || prefix.getNameCount() == 0) return line -> line; // the root is a prefix of every path: nothing to hide
        java.util.regex.Pattern p = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(prefix.toString()) + "(?![^/\\\\\\s:;,'\")\\]])");
        String with = java.util.regex.Matcher.quoteReplacement(name);
        return line -> p.matcher(line).replaceAll(with);
    }

    private static List<String> lastLines(Path file, int n) throws IOException {
        // an input stream: the tail is read with skip (a seek), and nothing on this path can write
        try (java.io.InputStream f = HomeFile.open(file)) {
            long len = Files.size(file);
            if (len == 0) return List.of();
            long start = Math.max(0, len - (long) n * 400);
            f.skipNBytes(start);
            byte[] buf = f.readNBytes((int) (len - start));
            List<String> all = Arrays.asList(new String(buf, StandardCharsets.UTF_8).split("\\R"));
            if (start > 0 && !all.isEmpty()) all = all.subList(1, all.size()); // first line may be cut
            return all.subList(Math.max(0, all.size() - n), all.size());
        }
    }
}
