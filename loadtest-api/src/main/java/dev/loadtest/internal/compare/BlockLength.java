package dev.loadtest.internal.compare;

/**
 * The block length of the bootstrap, chosen from the data: the automatic selection of Politis &amp; White
 * (2004, "Automatic block-length selection for the dependent bootstrap", Econometric Reviews 23(1)), with
 * the correction of Patton, Politis &amp; White (2009), for the circular block bootstrap. The more the
 * figures of neighbouring intervals move together (a slow minute, a burst of load on a shared machine), the
 * longer the blocks, so such stretches stay whole in the resamples and widen the interval as they should.
 */
final class BlockLength {

    private BlockLength() {
    }

    /**
     * The estimated optimal block length of a series, at least {@code n^(1/3)} rounded (the rate of the
     * optimum) and at most a third of the series (so a resample has at least three blocks).
     */
    static int of(double[] x) {
        int n = x.length;
        int floor = Math.max(1, (int) Math.round(Math.cbrt(n)));
        int ceiling = Math.max(1, n / 3);
        if (n < 8) {
            return Math.min(floor, ceiling);
        }
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        int maxLag = Math.min(n - 1, (int) Math.ceil(Math.sqrt(n)) + 5);
        double[] r = new double[maxLag + 1];
        for (int k = 0; k <= maxLag; k++) {
            double s = 0;
            for (int t = 0; t + k < n; t++) {
                s += (x[t] - mean) * (x[t + k] - mean);
            }
            r[k] = s / n;
        }
        if (r[0] <= 0) {
            return Math.min(floor, ceiling);
        }
        // m: the first lag after which K_N autocorrelations in a row are insignificant (flat-top rule)
        double bound = 2 * Math.sqrt(Math.log10(n) / n);
        int kn = Math.max(5, (int) Math.ceil(Math.sqrt(Math.log10(n))));
        int m = maxLag;
        for (int lag = 0; lag <= maxLag; lag++) {
            boolean quiet = true;
            for (int j = 1; j <= kn && lag + j <= maxLag; j++) {
                if (Math.abs(r[lag + j] / r[0]) >= bound) {
                    quiet = false;
                    break;
                }
            }
            if (quiet) {
                m = lag;
                break;
            }
        }
        int bigM = Math.min(2 * Math.max(m, 1), maxLag);
        double g = 0;
        double spectrum = 0;
        for (int k = -bigM; k <= bigM; k++) {
            double lambda = flatTop((double) k / bigM);
            double rk = r[Math.abs(k)];
            g += lambda * Math.abs(k) * rk;
            spectrum += lambda * rk;
        }
        double d = 4.0 / 3.0 * spectrum * spectrum;   // the circular block bootstrap's constant
        if (d <= 0) {
            return Math.min(floor, ceiling);
        }
        double b = Math.pow(2 * g * g / d, 1.0 / 3) * Math.cbrt(n);
        int length = (int) Math.round(b);
        return Math.max(Math.min(floor, ceiling), Math.min(length, ceiling));
    }

    /** The flat-top lag window of Politis &amp; Romano (1995). */
    private static double flatTop(double t) {
        double a = Math.abs(t);
        return a <= 0.5 ? 1 : a <= 1 ? 2 * (1 - a) : 0;
    }
}
