package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the Data view in the real window: a bad file's error, a preview, a query and its CSV export. */
@ExtendWith(ApplicationExtension.class)
class DataViewTest {
    @RegisterExtension final Workbench bench = new Workbench();
    @TempDir
    Path files;
    private DataView view;

    @BeforeEach
    void findTheView() throws Exception {
        view = WaitForAsyncUtils.asyncFx(() -> (DataView) bench.window.view("data")).get();
    }

    @Test
    void importingABadFileShowsTheEnginesErrorWithFieldAndFix(FxRobot robot) throws Exception {
        Path bad = Files.writeString(files.resolve("quotes.csv"), "when,price\nyesterday,12.5\n");
        view.setDialogs(owner -> List.of(bad.toFile()), owner -> null);
        OnScreen.clickOn(robot, "File");
        OnScreen.clickOn(robot, "#menu-import");
        assertEquals("data", bench.window.shownView(), "File > Import shows the Data view");
        Label error = robot.lookup("#data-import-error").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> error.getText() != null && !error.getText().isEmpty());
        assertTrue(error.getText().contains("not a price file header (no date column"), error.getText());
        assertTrue(error.getText().contains("Where: the chosen file"), error.getText());
        assertTrue(error.getText().contains("Fix: accepted headers"), error.getText());
        assertTrue(error.isVisible());
        assertTrue(robot.lookup("#data-import").queryButton().isDisabled(), "a refused file cannot be imported");
    }

    @Test
    void aQueryRunsAndItsResultIsExportedAsCsvAndThePreviewShowsTheLayout(FxRobot robot) throws Exception {
        Path csv = files.resolve("MSFTTEST.csv");
        try (InputStream in = getClass().getResourceAsStream("msft_ohlcv_daily.csv")) {
            Files.copy(in, csv);
        }
        Path out = files.resolve("result.csv");
        view.setDialogs(owner -> List.of(csv.toFile()), owner -> out.toFile());
        bench.show("data");
        OnScreen.clickOn(robot, "#data-choose");
        TableView<?> preview = robot.lookup("#data-preview").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> preview.getItems().size() == 10);
        String info = robot.lookup("#data-preview-info").queryLabeled().getText();
        assertTrue(info.startsWith("MSFTTEST.csv: layout stooq"), info);
        assertEquals(6, preview.getColumns().size());
        assertTrue(!robot.lookup("#data-timezone").query().getParent().isVisible(), "a daily file has no times to place in a zone");

        TextArea sql = robot.lookup("#data-sql").queryAs(TextArea.class);
        WaitForAsyncUtils.asyncFx(() -> sql.setText("SELECT symbol, rows, first_date, last_date FROM symbols ORDER BY symbol")).get();
        OnScreen.clickOn(robot, "#data-sql-run");
        TableView<?> results = robot.lookup("#data-sql-results").queryAs(TableView.class);
        int symbols = bench.engine.listSymbols(null).size();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> results.getItems().size() == symbols);
        assertEquals(List.of("symbol", "rows", "first_date", "last_date"), results.getColumns().stream().map(c -> c.getText()).toList());

        OnScreen.clickOn(robot, "#data-sql-export"); // the result table is still laying out its cells
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> Files.exists(out));
        List<String> lines = Files.readAllLines(out);
        assertEquals("symbol,rows,first_date,last_date", lines.get(0));
        assertEquals(symbols + 1, lines.size());
        String first = bench.engine.listSymbols(null).get(0).symbol();
        assertTrue(lines.get(1).startsWith(first + ","), lines.get(1));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#data-sql-message").queryLabeled().getText().startsWith("Exported " + symbols + " row(s)"));
        bench.photograph("data");
    }

    /** A bar file with times but no zone: the zone typed beside the preview reads them, names the clock change, and the import uses it. */
    @Test
    void barTimesAreReadInTheZoneTypedBesideThePreview(FxRobot robot) throws Exception {
        StringBuilder night = new StringBuilder("timestamp,close\n");
        int[] hours = {22, 23, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8};
        for (int i = 0; i < hours.length; i++) {
            night.append(i < 2 ? "2020-10-31" : "2020-11-01").append(String.format(" %02d:00:00,%.2f%n", hours[i], 100 + i * 0.25));
        }
        Path csv = Files.writeString(files.resolve("NIGHT.csv"), night.toString());
        view.setDialogs(owner -> List.of(csv.toFile()), owner -> null);
        bench.show("data");
        OnScreen.clickOn(robot, "#data-choose");
        Label info = robot.lookup("#data-preview-info").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> info.getText().contains("(read as UTC)"));
        javafx.scene.Node zone = OnScreen.find("#data-timezone");
        assertTrue(zone.getParent().isVisible(), "times without a zone: the zone is asked for");
        assertTrue(!robot.lookup("#data-preview-notes").query().isVisible(), "UTC has no clock change to name");

        OnScreen.clickOn(robot, zone).write("America/New_York").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> info.getText().contains("read as America/New_York time"));
        Label notes = robot.lookup("#data-preview-notes").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, notes::isVisible);
        assertTrue(notes.getText().startsWith("line 5: 2020-11-01 01:00:00 happens twice in America/New_York"), notes.getText());
        bench.photograph("data-timezone");

        OnScreen.clickOn(robot, "#data-import");
        Label message = robot.lookup("#data-import-message").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> message.getText().startsWith("Import done"));
        assertEquals(List.of(List.of("2020-11-01 02:00:00", "12")), bench.engine.runSelect(
                "SELECT CAST(min(ts) AS VARCHAR), CAST(count(DISTINCT ts) AS VARCHAR) FROM bars WHERE symbol = 'NIGHT'", null).rows(),
                "22:00 New York (EDT) is 02:00 UTC, and the repeated hour gives twelve distinct bars");
    }

    @Test
    void aFailedFetchSaysWhy(FxRobot robot) throws Exception {
        // a provider on a port nothing listens on: the connection is refused (Java gives no message for it)
        Files.writeString(bench.engine.home().root().resolve("settings.json"),
                "{\"default_provider\": \"nowhere\", \"providers\": {\"nowhere\": {\"url_template\": \"http://127.0.0.1:1/{symbol}.csv\"}}}");
        bench.show("data");
        OnScreen.clickOn(robot, "#data-fetch-symbols").write("ZZZ");
        OnScreen.clickOn(robot, "#data-fetch");
        Label error = robot.lookup("#data-import-error").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> error.getText() != null && !error.getText().isEmpty());
        assertTrue(error.getText().contains("could not connect") && !error.getText().contains("()"), error.getText());
    }

    @Test
    void theImportButtonWaitsForAFile(FxRobot robot) throws Exception {
        bench.show("data");
        assertTrue(robot.lookup("#data-import").queryButton().isDisabled());
        File none = null;
        view.setDialogs(owner -> none == null ? List.of() : List.of(none), owner -> null);
        OnScreen.clickOn(robot, "#data-choose");
        assertTrue(robot.lookup("#data-import").queryButton().isDisabled(), "a cancelled dialog chooses nothing");
    }
}
