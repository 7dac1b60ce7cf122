package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.engine.data.SymbolDescription;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Charts view's heading of a symbol with a long name, in the real window at 1000×700: the name is
 * cut short, the ticker, currency and exchange stay in view, the whole heading is in the tooltip, and
 * it is legible in the dark and the light theme. Photographed for the user guide.
 */
@ExtendWith(ApplicationExtension.class)
class ChartHeadingViewTest {
    /** 107 characters: naming takes up to 120. */
    private static final String LONG = "International Business Machines Corporation of Armonk, New York: hardware, software, consulting and hosting";

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void aLongNameIsCutShortWithTheTickerCurrencyAndExchangeInViewAt1000By700(FxRobot robot) throws Exception {
        bench.engine.describeSymbol("IBM", SymbolDescription.of(LONG, "USD", "NYSE"));
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("IBM") != null && LONG.equals(bench.charts.infoOf("IBM").name())));
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        String whole = "IBM · " + LONG + " · USD · NYSE";
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> whole.equals(bench.window.chartHeading().text())));
        for (String theme : List.of("dark", "light")) {
            OnScreen.clickOn(robot, "View");
            OnScreen.clickOn(robot, "#menu-theme-" + theme);
            OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two
            WaitForAsyncUtils.waitForFxEvents();
            Node heading = robot.lookup("#chart-heading").query();
            List<Text> shown = fx(() -> texts(heading));
            String read = fx(() -> String.join("", shown.stream().map(Text::getText).toList()));
            assertTrue(read.startsWith("IBM · International") && read.endsWith(" · USD · NYSE") && read.contains("..."),
                    theme + ": the name is cut short, the ticker, currency and exchange shown whole: '" + read + "'");
            Bounds view = fx(() -> heading.getParent().localToScene(heading.getParent().getLayoutBounds()));
            for (Text t : shown) {
                Bounds at = fx(() -> t.localToScene(t.getLayoutBounds()));
                assertTrue(at.getMaxX() <= view.getMaxX() + 1 && at.getMaxX() <= 1000, theme + ": '" + t.getText() + "' inside the view: " + at + " in " + view);
            }
            assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("charts", bench.stage.getScene().getRoot())).stream()
                    .filter(u -> u.contains("International")).toList(), "read whole in its tooltip");
            Text ticker = shown.get(0);
            Pixels.assertLegible(bench.stage.getScene().getRoot(), ticker, (Color) fx(ticker::getFill), "charts-long-name-" + theme);
        }
        Labeled name = robot.lookup("#chart-heading-name").queryAs(Labeled.class);
        assertEquals(whole, fx(() -> name.getTooltip().getText()), "the whole heading in the tooltip");
        bench.photograph("charts-long-name");
    }

    /** The texts drawn in {@code n}, left to right, those shown. */
    private static List<Text> texts(Node n) {
        List<Text> out = new java.util.ArrayList<>();
        if (!n.isVisible()) return out;
        if (n instanceof Text t && !t.getText().isEmpty()) out.add(t);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) out.addAll(texts(c));
        return out;
    }

    private static <T> T fx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
