// The 40 UK cities of SPEC §3, with coordinates (degrees) so matching can score distance.

export interface City {
  name: string;
  lat: number;
  lon: number;
}

export const CITIES: readonly City[] = [
  { name: "London", lat: 51.5074, lon: -0.1278 },
  { name: "Birmingham", lat: 52.4862, lon: -1.8904 },
  { name: "Manchester", lat: 53.4808, lon: -2.2426 },
  { name: "Glasgow", lat: 55.8642, lon: -4.2518 },
  { name: "Liverpool", lat: 53.4084, lon: -2.9916 },
  { name: "Bristol", lat: 51.4545, lon: -2.5879 },
  { name: "Edinburgh", lat: 55.9533, lon: -3.1883 },
  { name: "Leeds", lat: 53.8008, lon: -1.5491 },
  { name: "Sheffield", lat: 53.3811, lon: -1.4701 },
  { name: "Cardiff", lat: 51.4816, lon: -3.1791 },
  { name: "Belfast", lat: 54.5973, lon: -5.9301 },
  { name: "Nottingham", lat: 52.9548, lon: -1.1581 },
  { name: "Newcastle upon Tyne", lat: 54.9783, lon: -1.6178 },
  { name: "Leicester", lat: 52.6369, lon: -1.1398 },
  { name: "Brighton", lat: 50.8225, lon: -0.1372 },
  { name: "Coventry", lat: 52.4068, lon: -1.5197 },
  { name: "Aberdeen", lat: 57.1497, lon: -2.0943 },
  { name: "Southampton", lat: 50.9097, lon: -1.4044 },
  { name: "Plymouth", lat: 50.3755, lon: -4.1427 },
  { name: "Reading", lat: 51.4543, lon: -0.9781 },
  { name: "Derby", lat: 52.9225, lon: -1.4746 },
  { name: "Swansea", lat: 51.6214, lon: -3.9436 },
  { name: "Milton Keynes", lat: 52.0406, lon: -0.7594 },
  { name: "Stoke-on-Trent", lat: 53.0027, lon: -2.1794 },
  { name: "Oxford", lat: 51.752, lon: -1.2577 },
  { name: "Cambridge", lat: 52.2053, lon: 0.1218 },
  { name: "York", lat: 53.959, lon: -1.0815 },
  { name: "Exeter", lat: 50.7184, lon: -3.5339 },
  { name: "Bath", lat: 51.3811, lon: -2.359 },
  { name: "Dundee", lat: 56.462, lon: -2.9707 },
  { name: "Norwich", lat: 52.6309, lon: 1.2974 },
  { name: "Preston", lat: 53.7632, lon: -2.7031 },
  { name: "Sunderland", lat: 54.9069, lon: -1.3838 },
  { name: "Bradford", lat: 53.796, lon: -1.7594 },
  { name: "Wolverhampton", lat: 52.5862, lon: -2.1288 },
  { name: "Portsmouth", lat: 50.8198, lon: -1.088 },
  { name: "Bournemouth", lat: 50.7192, lon: -1.8808 },
  { name: "Huddersfield", lat: 53.6458, lon: -1.785 },
  { name: "Middlesbrough", lat: 54.5742, lon: -1.235 },
  { name: "Blackpool", lat: 53.8175, lon: -3.0357 },
];

export const CITY_NAMES = CITIES.map((c) => c.name);
