package org.sextant.app.gui;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Opens an engine on a temporary SEXTANT_HOME holding the embedded sample universe a first start
 * loads (real prices): a copy of that store made once per test JVM, unless the home has a store.
 */
final class TestStore {
    private TestStore() {}

    static Sextant open(Path home) {
        SextantHome at = new SextantHome(home);
        if (!Files.exists(at.database())) SampleStoreCopy.into(at);
        return Sextant.open(at);
    }
}
