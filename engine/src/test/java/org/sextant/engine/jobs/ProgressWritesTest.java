package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;

/** A job's last progress reaches its record within the write interval, which is never shortened (attack 17, L5). */
class ProgressWritesTest {
    @TempDir Path dir;

    @Test
    void aSkippedReportIsWrittenOnceTheIntervalIsUpAndNoSooner() {
        AtomicLong clock = new AtomicLong(1_000);
        List<Runnable> due = new ArrayList<>();
        List<Long> delays = new ArrayList<>();
        AtomicInteger flushes = new AtomicInteger();
        ProgressWrites w = new ProgressWrites(250, clock::get, (flush, delayMs) -> {
            due.add(flush);
            delays.add(delayMs);
        }, flushes::incrementAndGet);
        assertTrue(w.writeNow(), "the first report is written at once");
        clock.addAndGet(100);
        assertFalse(w.writeNow());
        assertEquals(List.of(150L), delays, "flushed when the interval since the last write is up");
        clock.addAndGet(50);
        assertFalse(w.writeNow(), "the pending flush writes this one too");
        assertEquals(1, due.size());
        clock.addAndGet(100);
        due.remove(0).run();
        assertEquals(1, flushes.get());
        clock.addAndGet(10);
        assertFalse(w.writeNow(), "a flush is a write: the next waits its interval");
        assertEquals(240L, delays.get(1));
        due.remove(0).run();
        clock.addAndGet(300);
        assertTrue(w.writeNow());
        assertTrue(due.isEmpty());
    }

    @Test
    void theRecordOfAJobThatStopsReportingHoldsItsLastProgress() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (Jobs jobs = new Jobs(dir)) {
            JobStatus j = jobs.submit("scan", List.of("AA:theta:20"), true, org.sextant.engine.jobs.IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.1, "scanning AA (1/8)");
                ctx.progress(0.7, "scanning GE (6/8)");
                reported.countDown();
                return release.await(60, TimeUnit.SECONDS);
            });
            assertTrue(reported.await(60, TimeUnit.SECONDS));
            Path record = dir.resolve(j.id() + ".json");
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos(); // generous: the flush is due 250 ms after the first write
            double onDisk = -1;
            while (System.nanoTime() < end && onDisk != 0.7) {
                onDisk = Json.read(Files.readString(record), JobStatus.class).progress();
                if (onDisk != 0.7) Thread.sleep(20);
            }
            assertEquals(0.7, onDisk, "the last progress reached the record");
            assertEquals("scanning GE (6/8)", Json.read(Files.readString(record), JobStatus.class).message());
            release.countDown();
        }
    }
}
