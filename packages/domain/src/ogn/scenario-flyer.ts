/**
 * The true path of one aircraft for the scenario generator (scenarios.ts):
 * a kinematic pilot, one sample a second, in metres east (x) and north (y)
 * of the airfield, flying its airspeed in a steady wind. Not a flight
 * model: enough to give the detector what real tracks have (ground rolls,
 * holding low on tow, drift in thermals, flares and roll-outs).
 */

export const KT = 0.514444;
const DEG = Math.PI / 180;

/** One second of the true path. */
export interface PathSample {
  timeMs: number;
  x: number;
  y: number;
  /** True altitude above mean sea level. */
  altitudeMetres: number;
  groundSpeedKt: number;
  courseDeg: number;
  climbMps: number;
  turnDegPerS: number;
  onGround: boolean;
}

export interface Wind {
  /** Where it blows to, metres a second east and north. */
  x: number;
  y: number;
}

/** A runway: its start (the launch point) and heading, into the wind. */
export interface Runway {
  x: number;
  y: number;
  headingDeg: number;
  lengthM: number;
}

export class Flyer {
  readonly samples: PathSample[] = [];
  airspeedKt = 0;
  groundSpeedKt = 0;
  onGround = true;

  constructor(
    readonly wind: Wind,
    readonly elevationMetres: number,
    public timeMs: number,
    public x: number,
    public y: number,
    public altitudeMetres: number,
    public headingDeg: number,
  ) {}

  /** One second: turn, climb, move; then record. */
  tick(climbMps: number, turnDegPerS: number) {
    this.headingDeg = (this.headingDeg + turnDegPerS + 360) % 360;
    let vx = 0;
    let vy = 0;
    if (this.onGround) {
      vx = this.groundSpeedKt * KT * Math.sin(this.headingDeg * DEG);
      vy = this.groundSpeedKt * KT * Math.cos(this.headingDeg * DEG);
    } else {
      vx = this.airspeedKt * KT * Math.sin(this.headingDeg * DEG) + this.wind.x;
      vy = this.airspeedKt * KT * Math.cos(this.headingDeg * DEG) + this.wind.y;
      this.groundSpeedKt = Math.hypot(vx, vy) / KT;
    }
    this.x += vx;
    this.y += vy;
    this.altitudeMetres = Math.max(this.elevationMetres, this.altitudeMetres + climbMps);
    this.timeMs += 1000;
    const course = this.groundSpeedKt > 0.5 ? (Math.atan2(vx, vy) / DEG + 360) % 360 : 0;
    this.samples.push({
      timeMs: this.timeMs,
      x: this.x,
      y: this.y,
      altitudeMetres: this.altitudeMetres,
      groundSpeedKt: this.groundSpeedKt,
      courseDeg: course,
      climbMps,
      turnDegPerS,
      onGround: this.onGround,
    });
  }

  get heightMetres(): number {
    return this.altitudeMetres - this.elevationMetres;
  }

  stand(seconds: number) {
    this.onGround = true;
    this.groundSpeedKt = 0;
    for (let s = 0; s < seconds; s++) this.tick(0, 0);
  }

  /** Along the ground to a point (a taxi, a glider pulled back to the line). */
  taxiTo(x: number, y: number, speedKt: number) {
    this.onGround = true;
    this.groundSpeedKt = speedKt;
    for (let s = 0; s < 3600 && Math.hypot(x - this.x, y - this.y) > speedKt * KT; s++) {
      this.headingDeg = (Math.atan2(x - this.x, y - this.y) / DEG + 360) % 360;
      this.tick(0, 0);
    }
    this.groundSpeedKt = 0;
  }

  /** Turn toward a point at up to maxTurn °/s. */
  private turnToward(x: number, y: number, maxTurn: number): number {
    const bearing = Math.atan2(x - this.x, y - this.y) / DEG;
    const diff = ((bearing - this.headingDeg + 540) % 360) - 180;
    return Math.max(-maxTurn, Math.min(maxTurn, diff));
  }

  /** Airborne toward a point until within withinM, climbing at climbMps (negative: sinking), for at most maxSeconds. */
  flyTo(
    x: number,
    y: number,
    airspeedKt: number,
    climbMps: number,
    maxSeconds: number,
    withinM = 150,
    floorHeightM = -Infinity,
  ) {
    this.onGround = false;
    for (let s = 0; s < maxSeconds && Math.hypot(x - this.x, y - this.y) > withinM; s++) {
      this.airspeedKt += Math.max(-2, Math.min(2, airspeedKt - this.airspeedKt));
      this.tick(this.heightMetres + climbMps < floorHeightM ? 0 : climbMps, this.turnToward(x, y, 6));
    }
  }

  /** Circling (a thermal, or a spiral down), drifting with the wind. */
  circle(
    seconds: number,
    turnDegPerS: number,
    airspeedKt: number,
    climbMps: number,
    ceilingHeightM = Infinity,
    floorHeightM = -Infinity,
  ) {
    this.onGround = false;
    for (let s = 0; s < seconds; s++) {
      if (this.heightMetres >= ceilingHeightM && climbMps > 0) break;
      if (this.heightMetres <= floorHeightM && climbMps < 0) break;
      this.airspeedKt += Math.max(-2, Math.min(2, airspeedKt - this.airspeedKt));
      this.tick(climbMps, turnDegPerS);
    }
  }

  /**
   * A circuit to the runway and a landing: down to circuit height, downwind,
   * base, final at approachKt, flare, float, roll-out to a stop. Answers the
   * touchdown time (the truth the detector is measured against).
   */
  land(runway: Runway, approachKt: number, floatSeconds: number, random: () => number): number {
    const h = runway.headingDeg * DEG;
    const along = (d: number, side: number) => ({
      x: runway.x + Math.sin(h) * d + Math.cos(h) * side,
      y: runway.y + Math.cos(h) * d - Math.sin(h) * side,
    });
    const entry = along(runway.lengthM + 300, 400);
    this.flyTo(entry.x, entry.y, 60, -1.2, 3600, 400, 260);
    this.circle(600, 8, 50, -3, Infinity, 260);
    const baseStart = along(-500, 400);
    this.flyTo(baseStart.x, baseStart.y, 55, -1.3, 600, 120, 120);
    // Final: the aim point a third down the runway; the glide set to reach it.
    const aim = along(runway.lengthM / 3, 0);
    const finalStart = along(-350, 0);
    this.flyTo(finalStart.x, finalStart.y, approachKt, -1.5, 300, 120, 60);
    for (let s = 0; s < 300 && this.heightMetres > 4; s++) {
      const distance = Math.hypot(aim.x - this.x, aim.y - this.y);
      const seconds = Math.max(1, distance / Math.max(5, this.groundSpeedKt * KT));
      this.airspeedKt += Math.max(-1, Math.min(1, approachKt - this.airspeedKt));
      this.tick(-Math.min(4, Math.max(0.5, this.heightMetres / seconds)), this.turnToward(aim.x, aim.y, 4));
    }
    // The flare and float: level off a metre up and bleed off speed.
    const perSecond = this.heightMetres / Math.max(1, floatSeconds);
    for (let s = 0; s < floatSeconds; s++) {
      this.airspeedKt -= 1.5;
      this.tick(-perSecond, 0);
    }
    this.altitudeMetres = this.elevationMetres;
    const touchdownMs = this.timeMs;
    this.onGround = true;
    const decel = 2 + random() * 1.5;
    while (this.groundSpeedKt > 0) {
      this.groundSpeedKt = Math.max(0, this.groundSpeedKt - decel);
      this.tick(0, 0);
    }
    return touchdownMs;
  }
}
