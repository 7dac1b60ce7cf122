package org.sextant.engine.api;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.sextant.contract.JsonLimits;
import org.sextant.contract.RepeatedKeys;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;

/**
 * Heap held and allocated by reading one 1 MiB request body of many small values: the reader the API
 * used before (a tree of every value, then the argument check) against the token-capped one (refused as
 * read). docs/benchmarks.md, "Request bodies of many small values".
 */
public final class BodyHeapBench {
    private static final int BODY = (1 << 20) - 16;

    public static void main(String[] args) {
        ObjectReader before = Json.MAPPER.reader().with(tools.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION);
        ObjectReader after = RepeatedKeys.strict(JsonLimits.bounded());
        Map<String, String> shapes = new LinkedHashMap<>();
        shapes.put("[0,0,...]", fill("[", "0,", "0]"));
        shapes.put("{\"a\":[1.5,1.5,...]}", fill("{\"a\":[", "1.5,", "1.5]}"));
        shapes.put("[\"\",\"\",...]", fill("[", "\"\",", "\"\"]"));
        shapes.put("[[],[],...]", fill("[", "[],", "[]]"));
        shapes.put("[{},{},...]", fill("[", "{},", "{}]"));
        shapes.put("[{\"a\":{}},...]", fill("[", "{\"a\":{}},", "{}]"));
        // the worst the cap lets through: 24,999 empty objects, 50,000 tokens (about 75 KB)
        shapes.put("[{},...] at the cap", "[" + "{},".repeat((int) (JsonLimits.MAX_TOKENS - 4) / 2) + "{}]");
        for (int round = 0; round < 2; round++) { // the first round warms up; the second is printed
            if (round == 1) System.out.printf("%-22s %9s %9s | %12s %12s | %12s %12s%n", "body (1 MiB)", "bytes", "tokens",
                    "before: held", "allocated", "after: held", "allocated");
            for (Map.Entry<String, String> s : shapes.entrySet()) {
                byte[] body = s.getValue().getBytes(StandardCharsets.UTF_8);
                long[] b = measure(before, body), a = measure(after, body);
                if (round == 1) System.out.printf(Locale.ROOT, "%-22s %9d %9d | %9.1f MB %9.1f MB | %9.1f MB %9.1f MB%n", s.getKey(), body.length, b[2],
                        b[0] / 1e6, b[1] / 1e6, a[0] / 1e6, a[1] / 1e6);
            }
        }
        System.out.println("token cap " + JsonLimits.MAX_TOKENS + "; held = heap used with the tree kept, after a full GC, less the same without it");
    }

    private static String fill(String open, String item, String close) {
        StringBuilder sb = new StringBuilder(BODY).append(open);
        while (sb.length() + item.length() + close.length() <= BODY) sb.append(item);
        return sb.append(close).toString();
    }

    /** {held bytes, allocated bytes, tokens} of reading {@code body} once (held 0 when it is refused). */
    private static long[] measure(ObjectReader reader, byte[] body) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long base = used();
        long allocated = threads.getCurrentThreadAllocatedBytes();
        JsonNode tree = null;
        long tokens;
        try (tools.jackson.core.JsonParser p = reader.createParser(body)) {
            try {
                tree = reader.readTree(p);
            } catch (tools.jackson.core.exc.StreamConstraintsException refused) {
                // the capped reader stops here
            }
        }
        allocated = threads.getCurrentThreadAllocatedBytes() - allocated;
        long held = used() - base;
        try (tools.jackson.core.JsonParser p = Json.MAPPER.createParser(body)) {
            for (tokens = 0; p.nextToken() != null; ) tokens++;
        }
        if (tree != null && tree.size() < 0) throw new AssertionError(); // keeps the tree reachable until measured
        return new long[] {Math.max(0, held), allocated, tokens};
    }

    private static long used() {
        for (int i = 0; i < 3; i++) System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
