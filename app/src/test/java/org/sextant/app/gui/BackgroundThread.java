package org.sextant.app.gui;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The background thread a ViewModel under test makes its engine calls on
 * ({@code @RegisterExtension final BackgroundThread background = new BackgroundThread();}); stopped
 * after each test, once the test's own {@code @AfterEach} has closed the model.
 */
final class BackgroundThread implements Executor, AfterEachCallback {
    private final ExecutorService thread = Executors.newSingleThreadExecutor();

    @Override
    public void execute(Runnable work) {
        thread.execute(work);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        thread.shutdownNow();
    }
}
