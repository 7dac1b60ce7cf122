package org.sextant.selftest.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.home.AtomicFiles;

/**
 * Reproduction (c): a reader holds state.json open, reading it slowly in small pieces, while the
 * app's writer (AtomicFiles, the real state.json writer) replaces it 10,000 times. Every read
 * must see one whole file: never empty, never torn, its checksum matching its body.
 */
@DisabledOnOs(OS.WINDOWS) // Windows refuses to rename over a file another process holds open
class StateFileRewriteTest {
    static final int REWRITES = 10_000;

    @TempDir Path home;

    @Test
    @DisplayName("reproduction (c): a reader holds state.json open through 10,000 rewrites and never sees a torn or empty file")
    void readerNeverSeesATornFile() throws Exception {
        Path state = home.resolve("state.json");
        AtomicFiles.write(state, body(0));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        AtomicInteger bad = new AtomicInteger();
        AtomicReference<String> example = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            byte[] piece = new byte[64];
            while (!stop.get()) {
                StringBuilder text = new StringBuilder();
                try (InputStream in = Files.newInputStream(state)) {
                    // small pieces: the file stays open across many of the writer's renames
                    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
                    for (int n; (n = in.read(piece)) > 0; ) all.write(piece, 0, n);
                    text.append(all.toString(StandardCharsets.UTF_8));
                    if (!whole(text.toString())) {
                        bad.incrementAndGet();
                        example.compareAndSet(null, text.toString());
                    }
                    reads.incrementAndGet();
                } catch (Exception e) {
                    bad.incrementAndGet();
                    example.compareAndSet(null, e.toString());
                }
            }
        }, "state-reader");
        reader.start();
        for (int i = 1; i <= REWRITES; i++) AtomicFiles.write(state, body(i));
        stop.set(true);
        reader.join();

        assertEquals(0, bad.get(), () -> "torn or empty reads, e.g. " + example.get());
        assertTrue(reads.get() > 0, "the reader read");
        String last = Files.readString(state);
        assertTrue(whole(last), last);
        assertEquals(REWRITES, Json.MAPPER.readTree(last).get("n").asInt(), "the last write is what stays");
        try (var files = Files.list(home)) {
            assertEquals(1, files.count(), "no temp files left behind");
        }
    }

    /** Sizes vary (0..12 KB of padding) so a torn read cannot look whole by accident. */
    private static String body(int n) {
        String pad = "x".repeat((n * 7919) % 12_000);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", n);
        m.put("pad", pad);
        m.put("check", pad.length());
        return Json.write(m);
    }

    private static boolean whole(String text) {
        try {
            var tree = Json.MAPPER.readTree(text);
            return tree.get("pad").asString().length() == tree.get("check").asInt();
        } catch (RuntimeException e) {
            return false;
        }
    }
}
