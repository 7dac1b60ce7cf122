package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.chartfx.axes.spi.TickMark;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every chart exported as SVG from its right-click menu, read back as XML: the price line's path
 * has a point per close on screen where the axes put it, bars, volume, fans, histogram bars and
 * scatter dots are shapes, and the axes' tick labels and names are text. Real IBM and MSFT prices.
 */
@ExtendWith(ApplicationExtension.class)
class ChartSvgTest {
    private PriceChart prices;
    private EquityDrawdownChart equity;
    private ForwardReturnHistogram histogram;
    private SweepScatterChart scatter;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        prices = new PriceChart();
        equity = new EquityDrawdownChart();
        histogram = new ForwardReturnHistogram();
        scatter = new SweepScatterChart();
        // the price chart full width (a candle per 4-5 px), the other three side by side below; within Monocle's screen
        VBox priceColumn = new VBox(prices, prices.volumePane());
        VBox.setVgrow(prices, Priority.ALWAYS);
        HBox others = new HBox(equity, histogram, scatter);
        for (javafx.scene.layout.Region r : new javafx.scene.layout.Region[] {equity, histogram, scatter}) {
            HBox.setHgrow(r, Priority.ALWAYS);
            r.setPrefWidth(400);
        }
        VBox root = new VBox(priceColumn, others);
        VBox.setVgrow(priceColumn, Priority.ALWAYS);
        others.setPrefHeight(330);
        others.setMinHeight(330);
        stage.setScene(new Scene(root, 1240, 780));
        stage.show();
    }

    @Test
    void thePriceLineIsAPathThroughEveryCloseOnScreenWithItsAxesAndTitle(FxRobot robot) throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        fx(() -> {
            prices.show(ibm);
            prices.showForecast(RealSeries.fan(ibm, 20, 0.80, 0.95, 0.99));
            prices.showRange(RangePreset.Y1);
            return null;
        });
        ChartSnapshot.capture(prices); // laid out and drawn, as when a person exports
        Document svg = exportByMenu(robot, prices, "#chart-export-svg", prices::setExportTarget);

        assertEquals(0, svg.getElementsByTagName("image").getLength(), "vector shapes, not a picture");
        int[] shown = fx(prices::shownBars);
        List<double[]> points = points(only(svg, "path", "close").getAttribute("d"));
        // one point per close on screen and one beyond each edge (a year of days is fewer than the pixel columns)
        int from = Math.max(0, shown[0] - 1);
        int to = Math.min(ibm.size() - 1, shown[1] + 1);
        assertEquals(to - from + 1, points.size(), "a point per close");
        for (int i = 1; i < points.size(); i++) assertTrue(points.get(i)[0] > points.get(i - 1)[0], "dates run left to right at " + i);
        // the highest and lowest close on screen are the path's top and bottom points, at the axes' pixels
        int high = from;
        int low = from;
        for (int i = from; i <= to; i++) {
            if (ibm.close()[i] > ibm.close()[high]) high = i;
            if (ibm.close()[i] < ibm.close()[low]) low = i;
        }
        double[] top = points.stream().min((a, b) -> Double.compare(a[1], b[1])).orElseThrow();
        double[] bottom = points.stream().max((a, b) -> Double.compare(a[1], b[1])).orElseThrow();
        assertEquals(pixelY(ibm.close()[high]), top[1], 0.01, "the highest close");
        assertEquals(pixelX(ibm.dates().get(high)), top[0], 0.01);
        assertEquals(pixelY(ibm.close()[low]), bottom[1], 0.01, "the lowest close");

        List<String> texts = texts(svg);
        assertTrue(texts.contains(fx(prices::getTitle)), "the title: " + texts);
        assertTrue(texts.contains("close"), "the price axis' name");
        for (TickMark t : fx(() -> List.copyOf(prices.dateAxis().getTickMarks()))) {
            if (t.isVisible()) assertTrue(texts.contains(t.getText()), "date tick " + t.getText());
        }
        long priceTicks = fx(() -> prices.priceAxis().getTickMarks().stream().filter(TickMark::isVisible).count());
        assertTrue(priceTicks >= 3 && fx(() -> prices.priceAxis().getTickMarks().stream().filter(TickMark::isVisible)
                .allMatch(t -> texts.contains(t.getText()))), "every price tick label");
        assertEquals(3, byClass(svg, "path", "band").size(), "the fan's three bands");
        assertEquals(1, byClass(svg, "path", "median").size());
    }

    @Test
    void candlesAndVolumeAreShapesPerColumn() throws Exception {
        PriceBars msft = CandleChartTest.msft();
        fx(() -> {
            prices.chartTypeProperty().set(ChartType.CANDLES);
            prices.show(msft);
            return null;
        });
        ChartSnapshot.capture(prices.getParent());
        Document svg = parse(Files.readString(ChartSvg.write(fx(() -> ChartSvg.of(prices)), Path.of("target", "candles-msft.svg"))));
        int columns = fx(() -> prices.candleRenderer().columns().count());
        int bodies = 0;
        for (Element g : byClass(svg, "g", "bars up")) bodies += g.getElementsByTagName("rect").getLength();
        for (Element g : byClass(svg, "g", "bars down")) bodies += g.getElementsByTagName("rect").getLength();
        assertEquals(columns, bodies, "a candle body per column");
        assertEquals(fx(() -> prices.volumePane().columns().count()), only(svg, "g", "volume").getElementsByTagName("rect").getLength(),
                "a volume bar per column");
        assertTrue(texts(svg).contains("volume"), "the volume axis' name");
    }

    @Test
    void equityHistogramAndScatterExportFromTheirMenus(FxRobot robot) throws Exception {
        PriceBars ibm = RealSeries.load("ibm_daily_close.csv", "IBM");
        double[] growth = new double[ibm.size()];
        double[] drawdown = new double[ibm.size()];
        double peak = 0;
        for (int i = 0; i < growth.length; i++) {
            growth[i] = ibm.close()[i] / ibm.close()[0];
            peak = Math.max(peak, growth[i]);
            drawdown[i] = growth[i] / peak - 1;
        }
        double[] returns = new double[500];
        double[] is = new double[40];
        double[] oos = new double[40];
        for (int i = 0; i < returns.length; i++) returns[i] = ibm.close()[i + 5] / ibm.close()[i] - 1;
        for (int i = 0; i < is.length; i++) {
            is[i] = 0.02 * i;
            oos[i] = 0.3 - 0.01 * i;
        }
        fx(() -> {
            double[] half = java.util.Arrays.stream(growth).map(g -> 1 + (g - 1) / 2).toArray();
            equity.show(List.of(new EquityCurve("IBM buy and hold", ibm.dates(), growth, drawdown),
                    new EquityCurve("holding", ibm.dates(), half, drawdown, true)), LocalDate.of(1998, 1, 2));
            histogram.show(returns, new ForwardReturnHistogram.Marks(0.002, -0.001, 0.005, 0.001), "IBM 5-day returns");
            scatter.show(is, oos, 7);
            return null;
        });
        ChartSnapshot.capture(equity);

        Document eq = exportByMenu(robot, equity.equityChart().getCanvas(), "#equity-drawdown-chart-export-svg",
                t -> ChartExportMenu.setExportTarget(equity, t));
        // the main curve drawn last, on top; a benchmark's curve dashed as on screen
        List<org.w3c.dom.Element> lines = byClass(eq, "path", "equity");
        assertEquals(2, lines.size());
        assertEquals("", lines.get(1).getAttribute("stroke-dasharray"), "the strategy's curve is solid");
        assertEquals("6 4", lines.get(0).getAttribute("stroke-dasharray").replace(",", " ").trim(), "the benchmark's curve is dashed");
        int onScreen = points(lines.get(1).getAttribute("d")).size();
        assertTrue(onScreen > 600 && onScreen <= growth.length, "ten years of days, reduced to at most four points a pixel column: " + onScreen);
        assertEquals(1, byClass(eq, "path", "area").size(), "the drawdown area");
        assertTrue(texts(eq).contains("IBM buy and hold") && texts(eq).contains("out of sample →") && texts(eq).contains("drawdown"));

        Document hist = exportByMenu(robot, histogram.getCanvas(), "#forward-return-histogram-export-svg",
                t -> ChartExportMenu.setExportTarget(histogram, t));
        long filled = java.util.Arrays.stream(fx(() -> histogram.bins().counts())).filter(c -> c > 0).count();
        assertEquals(filled, only(hist, "g", "bins").getElementsByTagName("rect").getLength(), "a bar per non-empty bin");
        assertTrue(texts(hist).contains("mean +0.20%") && texts(hist).contains("IBM 5-day returns"), texts(hist).toString());

        Document dots = exportByMenu(robot, scatter.getCanvas(), "#sweep-scatter-chart-export-svg",
                t -> ChartExportMenu.setExportTarget(scatter, t));
        assertEquals(is.length + 1, dots.getElementsByTagName("circle").getLength(), "every configuration and the chosen one");
        assertTrue(texts(dots).contains("in-sample Sharpe") && texts(dots).contains("out-of-sample Sharpe"));
    }

    /** Right-clicks {@code on}, picks the SVG item and reads the file it wrote. */
    private Document exportByMenu(FxRobot robot, javafx.scene.Node on, String item,
                                  java.util.function.Consumer<java.util.function.BiFunction<String, String, Path>> setTarget) throws Exception {
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        fx(() -> {
            setTarget.accept((kind, name) -> {
                asked.add(kind + ":" + name);
                return dir.resolve(name);
            });
            return null;
        });
        robot.rightClickOn(on);
        robot.clickOn(item);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> asked.size() == 1 && Files.exists(dir.resolve(asked.get(0).split(":", 2)[1])));
        assertTrue(asked.get(0).startsWith("SVG image:") && asked.get(0).endsWith(".svg"), asked.get(0));
        Path written = dir.resolve(asked.get(0).split(":", 2)[1]);
        // kept beside the PNGs of the other chart tests, to look at
        Files.copy(written, Path.of("target").resolve(written.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return parse(Files.readString(written));
    }

    private double pixelY(double price) throws Exception {
        return fx(() -> prices.sceneToLocal(prices.getCanvas().localToScene(0, prices.priceAxis().getDisplayPosition(price))).getY());
    }

    private double pixelX(LocalDate day) throws Exception {
        return fx(() -> prices.sceneToLocal(prices.getCanvas().localToScene(prices.dateAxis().getDisplayPosition(CalendarTicks.toAxis(day)), 0)).getX());
    }

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> byClass(Document d, String tag, String cssClass) {
        List<Element> out = new ArrayList<>();
        NodeList all = d.getElementsByTagName(tag);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (cssClass.equals(e.getAttribute("class"))) out.add(e);
        }
        return out;
    }

    private static Element only(Document d, String tag, String cssClass) {
        List<Element> found = byClass(d, tag, cssClass);
        assertEquals(1, found.size(), "one " + tag + " of class " + cssClass);
        return found.get(0);
    }

    private static List<String> texts(Document d) {
        List<String> out = new ArrayList<>();
        NodeList all = d.getElementsByTagName("text");
        for (int i = 0; i < all.getLength(); i++) out.add(all.item(i).getTextContent());
        return out;
    }

    /** The points of path data made of M and L commands. */
    static List<double[]> points(String d) {
        List<double[]> out = new ArrayList<>();
        String[] tokens = d.trim().split("\\s+");
        for (int i = 0; i + 1 < tokens.length; i += 2) {
            out.add(new double[] {Double.parseDouble(tokens[i].substring(1)), Double.parseDouble(tokens[i + 1])});
        }
        return out;
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
    }
}
