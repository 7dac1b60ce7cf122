package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --http token: kept for the owner only, reused so a client's config stays valid, replaced on request. */
class HttpTokenTest {
    @TempDir
    Path home;

    Path file() {
        return home.resolve("run").resolve("mcp-http.token");
    }

    @Test
    void theFirstStartWritesAnOwnerOnlyTokenThatLaterStartsReuse() throws Exception {
        String first = HttpToken.loadOrCreate(file(), false);
        assertTrue(first.matches("[0-9a-f]{64}"), first);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file().getParent())));
        assertEquals(first, HttpToken.loadOrCreate(file(), false), "a client's config stays valid across starts");
        String renewed = HttpToken.loadOrCreate(file(), true);
        assertNotEquals(first, renewed);
        assertEquals(renewed, HttpToken.loadOrCreate(file(), false));
        try (var leftovers = Files.list(file().getParent())) {
            assertEquals(1, leftovers.count(), "no temporary file left beside it");
        }
    }

    @Test
    void aTokenOtherUsersCouldReadIsNotUsedAndTheFixIsNamed() throws Exception {
        HttpToken.loadOrCreate(file(), false);
        Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-r--r--"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HttpToken.loadOrCreate(file(), false));
        assertTrue(e.getMessage().contains("--new-token"), e.getMessage());
        String fresh = HttpToken.loadOrCreate(file(), true);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file())));
        assertEquals(fresh, HttpToken.loadOrCreate(file(), false));
    }

    @Test
    void aFileThatHoldsNoTokenOfOursIsRefusedWithoutEchoingIt() throws Exception {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), "hunter2 secret line\n");
        Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-------"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HttpToken.loadOrCreate(file(), false));
        assertTrue(e.getMessage().contains("--new-token"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    /** --new-token is the advice when a token may be known: a launcher already running must stop admitting the old one. */
    @Test
    void aRunningLauncherFollowsTheFileAndFailsClosed() throws Exception {
        HttpToken running = HttpToken.watching(file(), false);
        String old = Files.readString(file()).strip();
        assertTrue(running.admits("Bearer " + old));
        String replaced = HttpToken.loadOrCreate(file(), true); // another start with --new-token
        assertFalse(running.admits("Bearer " + old), "the replaced token is refused at once");
        assertTrue(running.admits("Bearer " + replaced));
        Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-r--r--"));
        assertFalse(running.admits("Bearer " + replaced), "a token others can read admits nobody");
        Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-------"));
        assertTrue(running.admits("Bearer " + replaced));
        Files.delete(file());
        assertFalse(running.admits("Bearer " + replaced), "no file, no access");
    }

    @Test
    void onlyTheBearerSchemeWithTheWholeTokenIsAdmitted() {
        String t = "ab".repeat(32);
        HttpToken token = HttpToken.of(t);
        assertTrue(token.admits("Bearer " + t));
        assertTrue(token.admits("BEARER " + t));
        for (String bad : new String[] {null, "", t, "Bearer", "Bearer " + t.substring(1), "Bearer " + t + "a",
                "Basic " + t, "Bearer " + "ab".repeat(31) + "ac", "Bearer  " + t}) {
            assertFalse(token.admits(bad), String.valueOf(bad));
        }
    }
}
