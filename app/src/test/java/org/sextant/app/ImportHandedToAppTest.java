package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.ingest.ImportReport;

/**
 * `sextant import` while an app holds the store: the app runs the import (and opens the files, so a slow one is not named
 * here), and the command said nothing while it waited for the app's answer. It says so once it has waited 2 s.
 */
class ImportHandedToAppTest {
    private static final String LINE = "sextant import: handed to the running app (pid " + ProcessHandle.current().pid() + "), which holds the store; "
            + "waiting for its answer (it may wait for the store while one of its jobs writes, or for a file slow to open); Ctrl-C stops the import, "
            + "and nothing is written";

    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();

    @Test
    void anImportTheRunningAppIsSlowToAnswerIsSaidOnStderr() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Path csv = Files.writeString(dir.resolve("SLOWAPP.csv"), "Date,Close\n2020-01-02,10\n");
        // an app that answers once the command has said it waits (at most a minute: without the line the test fails then)
        com.sun.net.httpserver.HttpServer app = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        app.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            for (int i = 0; i < 600 && !console.err.toString(StandardCharsets.UTF_8).contains("handed to the running app"); i++) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            byte[] ok = ("{\"ok\":true,\"data\":" + Json.MAPPER.writeValueAsString(new ImportReport(List.of(), 1, 0, List.of("SLOWAPP"), 0)) + "}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, ok.length);
            ex.getResponseBody().write(ok);
            ex.close();
        });
        app.start();
        try {
            org.sextant.engine.home.AppDiscovery.write(new org.sextant.contract.AppFile(ProcessHandle.current().pid(), app.getAddress().getPort(), "token",
                    org.sextant.engine.Version.APP, org.sextant.engine.Version.CONTRACT, java.time.Instant.now().toString()), home.appJson());
            assertEquals(0, Main.run("--home", home.root().toString(), "import", csv.toString()), console.err.toString());
        } finally {
            app.stop(0);
        }
        String err = console.err.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains(LINE), err);
        assertEquals(1, err.split("handed to the running app", -1).length - 1, "said once: " + err);
    }
}
