package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Every statement of src/test/resources/sql/hostile.sql is refused with a reason naming why,
 * and refusing it changes nothing: row counts stay, no file appears where it tried to write.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileSqlTest {
    private Path dir;
    private Path target;
    private Store store;
    private ReadOnlySql sql;
    private long prices;
    private long symbols;

    @BeforeAll
    void open() throws Exception {
        dir = Files.createTempDirectory("sextant-sql-hostile");
        target = Files.createDirectories(dir.resolve("target"));
        store = SampleStore.open(dir.resolve("home"));
        sql = new ReadOnlySql(store);
        prices = SampleStore.count(store, "prices");
        symbols = SampleStore.count(store, "symbols");
    }

    @AfterAll
    void close() throws Exception {
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> p.toFile().delete());
        }
    }

    Stream<Arguments> corpus() throws Exception {
        String text;
        try (InputStream in = getClass().getResourceAsStream("/sql/hostile.sql")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Arguments> out = new ArrayList<>();
        String expect = null;
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("@@ expect:")) {
                if (expect != null) out.add(Arguments.of(expect, body.toString().strip()));
                expect = line.substring("@@ expect:".length()).strip();
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        if (expect != null) out.add(Arguments.of(expect, body.toString().strip()));
        return out.stream();
    }

    @Test
    void corpusHoldsAtLeastSixtyStatements() throws Exception {
        assertTrue(corpus().count() >= 60);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("corpus")
    void refusedWithReasonAndNothingChanges(String keyword, String statement) throws Exception {
        String text = statement.replace("${tmp}", target.toString());
        SextantException e = assertThrows(SextantException.class, () -> sql.run(text, null), text);
        assertEquals("invalid_input", e.failReason());
        assertEquals("sql", e.field());
        assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains(keyword.toLowerCase(Locale.ROOT)),
                "reason should mention '" + keyword + "': " + e.getMessage());
        assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
        assertFalse(e.fix() == null || e.fix().isBlank(), "a refusal says what to do instead");
        assertFalse(e.getMessage().contains(dir.toString()) && !text.contains(dir.toString()),
                "the refusal must not reveal the store's location: " + e.getMessage());
        assertEquals(prices, SampleStore.count(store, "prices"));
        assertEquals(symbols, SampleStore.count(store, "symbols"));
        try (Stream<Path> files = Files.list(target)) {
            assertEquals(0, files.count(), "nothing may be written to " + target);
        }
    }
}
