/** A city of the lookup lists with its neighbourhoods, as the forms' dropdowns offer them (browser and server). */
export interface CityWithNeighbourhoods {
  name: string;
  neighbourhoods: string[];
}
