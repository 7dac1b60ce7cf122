package org.sextant.mcp.tools;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.HeldProvider;
import org.sextant.mcp.TappedApp;

/**
 * Tool tests against the app's real local API: one engine on the sample universe per test class
 * (its default price provider the loopback {@link HeldProvider}), and per test a launcher home
 * with a {@link TappedApp} published in it.
 */
abstract class AgainstTheApp {
    @TempSextant
    static Sextant engine;
    static HeldProvider provider;
    @TempDir
    Path home;
    TappedApp app;

    @BeforeAll
    static void serveProvider() throws Exception {
        provider = HeldProvider.serve(engine);
    }

    @AfterAll
    static void stopProvider() {
        provider.close();
    }

    @BeforeEach
    void startApp() throws Exception {
        app = TappedApp.start(engine, home);
    }

    /** Lets held gathers end first, so that no test leaves a writer job running for the next. */
    @AfterEach
    void stopApp() throws Exception {
        provider.settle(engine);
        app.close();
    }
}
