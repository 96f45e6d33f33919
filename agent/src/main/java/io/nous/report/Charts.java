package io.nous.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** The report's charts, drawn with JFreeChart onto JFreeSVG and returned as inline SVG elements. */
public final class Charts {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728)};

    private Charts() {
    }

    /**
     * Bars of one metric's change (%) per scenario, one series per split, each with its confidence
     * interval as a whisker. A value is {@code {change, low, high}}; a change that is undefined
     * (NaN: no requests of that class, a zero baseline) is drawn as an "n/a" label on the axis, so it
     * cannot be mistaken for a change of zero, which is a flat bar with its whisker.
     */
    public static String changeBars(String title, String axis, Map<String, Map<String, double[]>> bySplitThenScenario) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        Map<String, double[]> intervals = new java.util.HashMap<>();
        List<String> undefined = new java.util.ArrayList<>();
        bySplitThenScenario.forEach((split, scenarios) -> scenarios.forEach((scenario, v) -> {
            if (Double.isFinite(v[0])) {
                d.addValue(v[0], split, scenario);
                intervals.put(split + "\u0000" + scenario, v);
            } else {
                d.addValue(null, split, scenario);
                undefined.add(scenario);
            }
        }));
        JFreeChart c = ChartFactory.createBarChart(title, "scenario (workload@QPS)", axis, d, PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = c.getCategoryPlot();
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer r = new WhiskerBars(intervals);
        plot.setRenderer(r);
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setMaximumBarWidth(0.08);
        for (int i = 0; i < PALETTE.length; i++) {
            r.setSeriesPaint(i, PALETTE[i]);
        }
        for (String scenario : undefined) {
            org.jfree.chart.annotations.CategoryTextAnnotation na = new org.jfree.chart.annotations.CategoryTextAnnotation("n/a", scenario, 0);
            na.setFont(new Font(Font.SANS_SERIF, Font.ITALIC, 11));
            na.setPaint(Color.DARK_GRAY);
            plot.addAnnotation(na);
        }
        style(c);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeZeroBaselineVisible(true);
        plot.setRangeZeroBaselinePaint(Color.GRAY);
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeMinimumSize(2.0); // +-1% when nothing changes
        double lo = 0;
        double hi = 0;
        for (double[] v : intervals.values()) {
            lo = Math.min(lo, Double.isFinite(v[1]) ? v[1] : v[0]);
            hi = Math.max(hi, Double.isFinite(v[2]) ? v[2] : v[0]);
        }
        if (hi - lo > 0) {
            double pad = 0.06 * (hi - lo);
            plot.getRangeAxis().setRange(lo - pad, hi + pad);
        }
        return svg(c, 900, 420);
    }

    /** Bars with their confidence interval drawn as a whisker with caps. */
    private static final class WhiskerBars extends BarRenderer {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, double[]> intervals;

        WhiskerBars(Map<String, double[]> intervals) {
            this.intervals = intervals;
        }

        @Override
        public void drawItem(java.awt.Graphics2D g2, org.jfree.chart.renderer.category.CategoryItemRendererState state,
                             java.awt.geom.Rectangle2D dataArea, CategoryPlot plot, org.jfree.chart.axis.CategoryAxis domainAxis,
                             org.jfree.chart.axis.ValueAxis rangeAxis, org.jfree.data.category.CategoryDataset dataset, int row,
                             int column, int pass) {
            super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
            double[] v = intervals.get(dataset.getRowKey(row) + "\u0000" + dataset.getColumnKey(column));
            if (v == null || !Double.isFinite(v[1]) || !Double.isFinite(v[2]) || dataset.getValue(row, column) == null) {
                return;
            }
            double x = calculateBarW0(plot, plot.getOrientation(), dataArea, domainAxis, state, row, column) + state.getBarWidth() / 2;
            double y0 = rangeAxis.valueToJava2D(v[1], dataArea, plot.getRangeAxisEdge());
            double y1 = rangeAxis.valueToJava2D(v[2], dataArea, plot.getRangeAxisEdge());
            double cap = Math.max(2, state.getBarWidth() / 3);
            g2.setPaint(Color.BLACK);
            g2.setStroke(new BasicStroke(1.2f));
            g2.draw(new java.awt.geom.Line2D.Double(x, y0, x, y1));
            g2.draw(new java.awt.geom.Line2D.Double(x - cap, y0, x + cap, y0));
            g2.draw(new java.awt.geom.Line2D.Double(x - cap, y1, x + cap, y1));
        }
    }

    /** Mean ceiling per band against saturation. */
    public static String ceilings(double[] saturations, List<String> bands, double[][] meanByBand) {
        return curves("Ceiling per band against pool saturation", "mean ceiling (share of cycles open)", saturations, bands, meanByBand);
    }

    /** What an admitter lets in: the share of requests of each priority admitted at each pool saturation. */
    public static String admitted(double[] saturations, List<String> classes, double[][] shareByClass) {
        return curves("Share admitted against pool saturation", "share of requests admitted", saturations, classes, shareByClass);
    }

    private static String curves(String title, String axis, double[] saturations, List<String> bands, double[][] meanByBand) {
        XYSeriesCollection d = new XYSeriesCollection();
        for (int b = 0; b < bands.size(); b++) {
            XYSeries s = new XYSeries(bands.get(b));
            for (int i = 0; i < saturations.length; i++) {
                s.add(saturations[i], meanByBand[b][i]);
            }
            d.addSeries(s);
        }
        JFreeChart c = ChartFactory.createXYLineChart(title, "saturation", axis, d, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < bands.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesStroke(i, new BasicStroke(2.5f - i * 0.5f));
        }
        plot.setRenderer(r);
        plot.getRangeAxis().setRange(-0.05, 1.05);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 900, 380);
    }

    /**
     * The incumbent's search-split change per iteration (a step line), every evaluated candidate
     * that kept the constraints (grey points), and those that broke one (red crosses: a large
     * improvement bought by starving or dropping traffic is not a success).
     */
    public static String progress(double[][] incumbentByIteration, double[][] candidates, double[][] failedConstraints) {
        // a few candidates far off (+976 % where the rest lie within ±60 %) would flatten everything else: the axis covers
        // the incumbent and every candidate within Tukey's far fences, and points beyond them sit on its edge as their own series
        double[] range = robustRange(incumbentByIteration, candidates, failedConstraints);
        XYSeries off = new XYSeries("off the scale (drawn at the edge; see the table)");
        if (range != null) {
            candidates = clip(candidates, range, off);
            failedConstraints = clip(failedConstraints, range, off);
        }
        XYSeries best = new XYSeries("incumbent");
        for (double[] p : incumbentByIteration) {
            best.add(p[0], p[1]);
        }
        XYSeries all = new XYSeries("candidates");
        for (double[] p : candidates) {
            all.add(p[0], p[1]);
        }
        XYSeriesCollection bestSet = new XYSeriesCollection(best);
        JFreeChart c = ChartFactory.createXYLineChart("Best score per iteration (search split)", "iteration",
                "change of the objective vs baseline (%)", bestSet, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        XYStepRenderer step = new XYStepRenderer();
        step.setSeriesPaint(0, PALETTE[0]);
        step.setSeriesStroke(0, new BasicStroke(2.5f));
        plot.setRenderer(0, step);
        plot.setDataset(1, new XYSeriesCollection(all));
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesPaint(0, new Color(0x88, 0x88, 0x88));
        plot.setRenderer(1, dots);
        XYSeries failed = new XYSeries("failed a constraint");
        for (double[] p : failedConstraints) {
            failed.add(p[0], p[1]);
        }
        plot.setDataset(2, new XYSeriesCollection(failed));
        XYLineAndShapeRenderer crosses = new XYLineAndShapeRenderer(false, true);
        crosses.setSeriesPaint(0, PALETTE[3]);
        crosses.setSeriesShape(0, org.jfree.chart.util.ShapeUtils.createDiagonalCross(3.5f, 0.8f));
        plot.setRenderer(2, crosses);
        if (range != null) {
            plot.setDataset(3, new XYSeriesCollection(off));
            XYLineAndShapeRenderer edge = new XYLineAndShapeRenderer(false, true);
            edge.setSeriesPaint(0, PALETTE[1]);
            edge.setSeriesShape(0, org.jfree.chart.util.ShapeUtils.createUpTriangle(4f));
            plot.setRenderer(3, edge);
            plot.getRangeAxis().setRange(range[0], range[1]);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 900, 380);
    }

    /**
     * The axis range that keeps the incumbent and every candidate inside Tukey's far fences (three
     * interquartile ranges beyond the quartiles) readable, padded by a twentieth; null when no point
     * lies beyond them (nothing to clip).
     */
    static double[] robustRange(double[][] incumbent, double[][] candidates, double[][] failed) {
        List<Double> ys = new ArrayList<>();
        for (double[][] set : List.of(candidates, failed)) {
            for (double[] p : set) {
                ys.add(p[1]);
            }
        }
        if (ys.size() < 10) {
            return null;
        }
        java.util.Collections.sort(ys);
        double q1 = ys.get((int) Math.floor(0.25 * (ys.size() - 1)));
        double q3 = ys.get((int) Math.ceil(0.75 * (ys.size() - 1)));
        double iqr = Math.max(q3 - q1, 1);
        double min = ys.get(0);
        double max = ys.get(ys.size() - 1);
        double lowFence = q1 - 3 * iqr;
        double highFence = q3 + 3 * iqr;
        if (min >= lowFence && max <= highFence) {
            return null;
        }
        double lo = ys.stream().filter(y -> y >= lowFence).findFirst().orElse(min);
        double hi = ys.stream().filter(y -> y <= highFence).reduce((a, b) -> b).orElse(max);
        for (double[] p : incumbent) {
            lo = Math.min(lo, p[1]);
            hi = Math.max(hi, p[1]);
        }
        double pad = Math.max(hi - lo, 1) / 20;
        return new double[] {lo - pad, hi + pad};
    }

    private static double[][] clip(double[][] points, double[] range, XYSeries off) {
        List<double[]> kept = new ArrayList<>();
        for (double[] p : points) {
            if (p[1] < range[0] || p[1] > range[1]) {
                off.add(p[0], Math.max(range[0], Math.min(range[1], p[1])));
            } else {
                kept.add(p);
            }
        }
        return kept.toArray(double[][]::new);
    }

    /**
     * Simulated against observed values, one point per request, with the line where they agree:
     * the picture behind a MAPE and a Pearson r.
     */
    public static String agreement(String title, String unit, List<double[]> observedSimulated) {
        XYSeries points = new XYSeries("requests", false, true);
        double max = 0;
        for (double[] p : observedSimulated) {
            points.add(p[0], p[1]);
            max = Math.max(max, Math.max(p[0], p[1]));
        }
        XYSeries diagonal = new XYSeries("simulated = observed");
        diagonal.add(0, 0);
        diagonal.add(max, max);
        XYSeriesCollection d = new XYSeriesCollection();
        d.addSeries(points);
        d.addSeries(diagonal);
        JFreeChart c = ChartFactory.createScatterPlot(title, "observed (" + unit + ")", "simulated (" + unit + ")", d,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        r.setSeriesLinesVisible(0, false);
        r.setSeriesShapesVisible(0, true);
        r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-2, -2, 4, 4));
        r.setSeriesPaint(0, new Color(0x1f, 0x77, 0xb4, 120));
        r.setSeriesLinesVisible(1, true);
        r.setSeriesShapesVisible(1, false);
        r.setSeriesPaint(1, Color.GRAY);
        r.setSeriesStroke(1, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        plot.setRenderer(r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 520, 460);
    }

    /** Grouped bars: a statistic per category (e.g. class and percentile), observed beside simulated. */
    public static String sideBySide(String title, String axis, Map<String, double[]> observedSimulatedByCategory) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        observedSimulatedByCategory.forEach((cat, v) -> {
            d.addValue(Double.isFinite(v[0]) ? v[0] : null, "observed", cat);
            d.addValue(Double.isFinite(v[1]) ? v[1] : null, "simulated", cat);
        });
        JFreeChart c = ChartFactory.createBarChart(title, null, axis, d, PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = c.getCategoryPlot();
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, PALETTE[0]);
        r.setSeriesPaint(1, PALETTE[1]);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 900, 400);
    }

    /**
     * A trade-off front: one point per candidate at its (x, y) changes under the nominal variant, with
     * both intervals as error bars; the front's members, the dominated rest and the upstream policy as
     * three series. A value is {@code {x, x low, x high, y, y low, y high}}, in the axes' units.
     */
    public static String front(String title, String xAxis, String yAxis, List<double[]> dominated, List<double[]> onFront,
                               List<double[]> upstream) {
        org.jfree.data.xy.XYIntervalSeriesCollection d = new org.jfree.data.xy.XYIntervalSeriesCollection();
        String[] names = {"on the front", "dominated", "upstream policy"};
        List<List<double[]>> groups = List.of(onFront, dominated, upstream);
        for (int g = 0; g < groups.size(); g++) {
            org.jfree.data.xy.XYIntervalSeries series = new org.jfree.data.xy.XYIntervalSeries(names[g]);
            for (double[] v : groups.get(g)) {
                if (DoubleArrays.finite(v)) {
                    series.add(v[0], v[1], v[2], v[3], v[4], v[5]);
                }
            }
            d.addSeries(series);
        }
        JFreeChart c = ChartFactory.createScatterPlot(title, xAxis, yAxis, d, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        org.jfree.chart.renderer.xy.XYErrorRenderer r = new org.jfree.chart.renderer.xy.XYErrorRenderer();
        r.setDrawXError(true);
        r.setDrawYError(true);
        r.setErrorStroke(new BasicStroke(0.8f));
        Color[] colors = {PALETTE[0], new Color(0xaaaaaa), PALETTE[3]};
        for (int g = 0; g < colors.length; g++) {
            r.setSeriesPaint(g, colors[g]);
            r.setSeriesLinesVisible(g, false);
            r.setSeriesShapesVisible(g, true);
        }
        r.setErrorPaint(null); // each series' error bars in its own colour
        r.setSeriesShape(2, new java.awt.geom.Rectangle2D.Double(-5, -5, 10, 10));
        plot.setRenderer(r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 640, 460);
    }

    /** Finite checks for chart values. */
    private static final class DoubleArrays {
        static boolean finite(double[] v) {
            for (double x : v) {
                if (!Double.isFinite(x)) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * An autoscaled pool over a run: pods ready, starting and draining, and the size decided, at every
     * decision (steps), with the router's saturation on a second axis.
     */
    public static String poolSize(List<io.nous.sim.pool.PoolSummary.Sample> timeline) {
        XYSeries ready = new XYSeries("ready");
        XYSeries starting = new XYSeries("starting");
        XYSeries draining = new XYSeries("draining");
        XYSeries desired = new XYSeries("decided");
        XYSeries saturation = new XYSeries("router saturation (right axis)");
        for (io.nous.sim.pool.PoolSummary.Sample t : timeline) {
            double minutes = t.atSeconds() / 60;
            ready.add(minutes, t.ready());
            starting.add(minutes, t.starting());
            draining.add(minutes, t.draining());
            desired.add(minutes, t.desired());
            saturation.add(minutes, t.saturation());
        }
        XYSeriesCollection pods = new XYSeriesCollection();
        pods.addSeries(ready);
        pods.addSeries(starting);
        pods.addSeries(draining);
        pods.addSeries(desired);
        JFreeChart c = ChartFactory.createXYLineChart("Pool size over the run", "minutes", "pods", pods, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = c.getXYPlot();
        XYStepRenderer step = new XYStepRenderer();
        for (int i = 0; i < 4; i++) {
            step.setSeriesPaint(i, PALETTE[i]);
            step.setSeriesStroke(i, new BasicStroke(i == 0 ? 2.5f : 1.5f));
        }
        plot.setRenderer(0, step);
        org.jfree.chart.axis.NumberAxis right = new org.jfree.chart.axis.NumberAxis("saturation");
        plot.setRangeAxis(1, right);
        plot.setDataset(1, new XYSeriesCollection(saturation));
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer line = new XYLineAndShapeRenderer(true, false);
        line.setSeriesPaint(0, new Color(0x88, 0x88, 0x88));
        plot.setRenderer(1, line);
        style(c);
        return svg(c, 900, 380);
    }

    private static void style(JFreeChart c) {
        c.setBackgroundPaint(Color.WHITE);
        c.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        c.setAntiAlias(true);
        c.setTextAntiAlias(true);
    }

    private static String svg(JFreeChart c, int w, int h) {
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        // the default prefix contains System.nanoTime(); a fixed one keeps the report byte-identical
        g.setDefsKeyPrefix("nous" + Integer.toHexString(c.getTitle().getText().hashCode()));
        c.draw(g, new Rectangle(0, 0, w, h));
        return g.getSVGElement();
    }
}
