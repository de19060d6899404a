/**
 * The OGN beacon samples of /work/shared/ogn (real lines published with glidernet/ogn-aprs-protocol,
 * valid_messages/), kept here so the tests need nothing outside the repository.
 */

/** APRS_aircraft.txt */
export const APRS_AIRCRAFT: readonly string[] = [
  '# The following beacons are example for the (deprecated) APRS format for flarms and ogn trackers',
  '# source: https://github.com/glidernet/ogn-aprs-protocol',
  '#',
  '# Until OGN software 0.2.6 all beacons (flarms, ogn trackers and receivers) have the dstcall "APRS"',
  '# These are example beacons for flarms and ogn trackers',
  '#',
  "FLRDDA5BA>APRS,qAS,LFMX:/165829h4415.41N/00600.03E'342/049/A=005524 " +
    'id0ADDA5BA -454fpm -1.1rot 8.8dB 0e +51.2kHz gps4x5',
  'ICA4B0E3A>APRS,qAS,Letzi:/165319h4711.75N\\00802.59E^327/149/A=006498 ' +
    'id154B0E3A -3959fpm +0.5rot 9.0dB 0e -6.3kHz gps1x3',
  'FLRDDB091>APRS,qAS,Letzi:/165831h4740.04N/00806.01EX152/124/A=004881 ' +
    'id06DD8E80 +198fpm +0.0rot 6.5dB 13e +4.0kHz gps3x4',
  "FLRDDDD33>APRS,qAS,LFNF:/165341h4344.27N/00547.41E'/A=000886 id06DDDD33 +020fpm +0.0rot 20.8dB 0e -14.3kHz gps3x4",
  "FLRDDE026>APRS,qAS,LFNF:/165341h4358.58N/00553.89E'204/055/A=005048 " +
    'id06DDE026 +257fpm +0.1rot 7.2dB 0e -0.8kHz gps4x7',
  "ICA484A9C>APRS,qAS,LFMX:/165341h4403.50N/00559.67E'/A=001460 id05484A9C +000fpm +0.0rot 18.0dB 0e +3.5kHz gps4x7",
  "OGNE95A16>APRS,qAS,Sylwek:/165641h5001.94N/01956.91E'270/004/A=000000 id07E95A16 +000fpm +0.1rot 37.8dB 0e -0.4kHz",
  "ZK-GSC>APRS,qAS,Omarama:/165202h4429.25S/16959.33E'/A=001407 id05C821EA " +
    '+020fpm +0.0rot 16.8dB 0e -3.1kHz gps1x3 hear1084 hearB597 hearB598',
  '#',
  '# since 0.2.6 a aircraft beacon needs just an ID, climb rate and turn rate or just the ID',
  "ICA3ECE59>APRS,qAS,GLDRTR:/171254h5144.78N/00616.67E'263/000/A=000075 id093D0930 +000fpm +0.0rot",
  "ICA3ECE59>APRS,qAS,GLDRTR:/171254h5144.78N/00616.67E'263/000/A=000075 id053ECE59",
];

/** OGFLR_Flarm.txt */
export const OGFLR_FLARM: readonly string[] = [
  '# The following beacons are example for the Flarm APRS format',
  '# source: https://github.com/glidernet/ogn-aprs-protocol',
  '#',
  '# With OGN software 0.2.7 flarms have the dstcall "OGFLR"',
  '#',
  "FLRDD89C9>OGFLR,qAS,LIDH:/115054h4543.22N/01132.84E'260/072/A=002542 " +
    '!W10! id06DD89C9 +198fpm -0.8rot 7.0dB 0e +0.7kHz gps2x3',
  "FLRDD98C6>OGFLR,qAS,LIDH:/115054h4543.21N/01132.80E'255/074/A=002535 !W83! " +
    'id0ADD98C6 +158fpm -1.8rot 10.5dB 0e -0.8kHz gps2x3 s6.09 h02',
  'ICAA8CBA8>OGFLR,qAS,MontCAIO:/231150z4512.12N\\01059.03E^192/106/A=009519 !W20! ' +
    'id21A8CBA8 -039fpm +0.0rot 3.5dB 2e -8.7kHz gps1x2 s6.09 h43 rDF0267',
  'ICAA8CBA8>OGFLR,qAS,MontCAIO:/114949h4512.44N\\01059.12E^190/106/A=009522 ' +
    '!W33! id21A8CBA8 -039fpm +0.1rot 4.5dB 1e -8.7kHz gps1x2 +14.3dBm',
  "ICA3D1C35>OGFLR,qAS,Padova:/094220h4552.41N/01202.28E'110/099/A=003982 !W96! " +
    'id053D1C35 -1187fpm +0.0rot 0.8dB 2e +4.5kHz gps1x2 s6.09 h32 rDD09D0',
];

/** OGNTRK.txt */
export const OGNTRK: readonly string[] = [
  '# The following beacons are example for the APRS format for ogn trackers',
  '# source: https://github.com/glidernet/ogn-aprs-protocol',
  '#',
  '# With OGN software 0.2.7 ogn tracker have the dstcall "OGNTRK"',
  '#',
  'OGN3FC859>OGNTRK,qAS,LZHL:>093215h h00 v00 9sat/1 164m 1002.6hPa +20.2degC 0% 3.34V 14/-110.5dBm 1/min',
  "OGN2FD00F>OGNTRK,qAS,LZHL:/093213h4848.78N/01708.32E'000/000/A=000538 !W12! " +
    'id072FD00F -058fpm +0.0rot FL003.12 32.8dB 0e -0.8kHz gps3x5',
  "FLRDD9C70>OGNTRK,OGN2FD00F*,qAS,LZHL:/093214h4848.77N/01708.33E'000/000/A=000515 " +
    '!W56! id06DD9C70 -019fpm +0.0rot 32.2dB 0e -0.8kHz gps2x3',
  "FLRDD9C70>OGNTRK,OGN2FD00F*,qAS,LZHL:/093021h4848.77N/01708.33E'000/000/A=000518 " +
    '!W66! id06DD9C70 -019fpm +0.0rot 29.0dB 0e -0.8kHz gps2x3 s6.09 h03',
  "OGN03AF2A>OGNTRK,qAS,LZHL:/092912h4848.77N/01708.33E'000/000/A=000535 !W53! " +
    'id0703AF2A +000fpm +0.0rot FL003.15 4.5dB 1e -0.1kHz gps4x5 -11.2dBm',
  'OGN2FD00F>OGNTRK,qAS,LZHL:>092840h h00 v00 11sat/2 165m 1001.9hPa +27.1degC 0% 3.28V 14/-111.5dBm 127/min',
  "FLRDD9C70>OGNTRK,RELAY*,qAS,LZHL:/094124h4848.78N/01708.33E'000/000/A=000397 " +
    '!W15! id06DD9C70 +099fpm +0.0rot 24.5dB 0e -1.4kHz gps10x15',
];
