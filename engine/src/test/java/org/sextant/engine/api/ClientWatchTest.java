package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A watched connection counts as gone once the kernel no longer lists it as established, and only then. */
class ClientWatchTest {
    private static final String HEAD = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";

    @Test
    void closedOrResetConnectionsAreGoneEstablishedOnesAreNot(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("tcp");
        // server port 0x9C40 = 40000; clients 41000 (0xA028) established, 41001 (0xA029) closed by the client
        Files.write(table, List.of(HEAD,
                "   0: 0100007F:9C40 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1 1",
                "   1: 0100007F:9C40 0100007F:A028 01 00000000:00000000 00:00000000 00000000  1000        0 2 1",
                "   2: 0100007F:9C40 0100007F:A029 08 00000000:00000000 00:00000000 00000000  1000        0 3 1",
                "   3: 0100007F:A02A 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 4 1"));
        ClientWatch watch = new ClientWatch(List.of(table, dir.resolve("tcp6"))); // no IPv6 table: the other answers
        ClientWatch.Watched alive = watch.watch(40000, 41000);
        ClientWatch.Watched closed = watch.watch(40000, 41001);
        ClientWatch.Watched reset = watch.watch(40000, 41002); // only the client's end is listed
        watch.sweep();
        assertFalse(closed.getAsBoolean() || reset.getAsBoolean(), "one read is not enough");
        watch.sweep();
        assertFalse(alive.getAsBoolean(), "established");
        assertTrue(closed.getAsBoolean(), "CLOSE_WAIT: the client closed it");
        assertTrue(reset.getAsBoolean(), "not listed: reset");
    }

    @Test
    void aConnectionWatchedWhileTheTableIsReadIsNotJudgedByThatRead() {
        ClientWatch[] watch = new ClientWatch[1];
        ClientWatch.Watched[] arrived = new ClientWatch.Watched[1];
        Set<Long> before = Set.of(ClientWatch.key(40000, 41000));
        watch[0] = new ClientWatch(() -> {
            // a request on a new connection is watched while this (older) table is being read
            if (arrived[0] == null) arrived[0] = watch[0].watch(40000, 41005);
            return before;
        });
        ClientWatch.Watched first = watch[0].watch(40000, 41000);
        for (int i = 0; i < ClientWatch.SWEEPS_TO_GONE; i++) watch[0].sweep();
        assertFalse(first.getAsBoolean());
        assertFalse(arrived[0].getAsBoolean(), "absent from a table read before its connection was watched");
    }

    @Test
    void aLineSkippedByOneReadOfTheTableDoesNotEndACall() {
        Set<Long> with = Set.of(ClientWatch.key(40000, 41000));
        int[] reads = {0};
        ClientWatch watch = new ClientWatch(() -> reads[0]++ % 2 == 0 ? Set.of() : with); // every other read misses it
        ClientWatch.Watched w = watch.watch(40000, 41000);
        for (int i = 0; i < 10; i++) watch.sweep();
        assertFalse(w.getAsBoolean(), "listed again at the next read: still there");
    }

    @Test
    void withoutATableNothingIsGone(@TempDir Path dir) {
        ClientWatch watch = new ClientWatch(List.of(dir.resolve("tcp"), dir.resolve("tcp6")));
        ClientWatch.Watched w = watch.watch(40000, 41000);
        watch.sweep();
        watch.sweep();
        assertFalse(w.getAsBoolean(), "macOS, Windows: a read computes to its end");
    }
}
