/** The extra facts of an offer (street width, facade, rooms, plot…). Stored as JSON on the offer. */
export interface OfferDetails {
  streetWidth: number; // metres
  facade: string[]; // directions from FACADE_OPTIONS
  propertyAge: number; // years
  livingRooms: number;
  driversRoom: boolean;
  maidsRoom: boolean;
  planNumber: string;
  plotNumber: string;
  constructionDate: string; // e.g. "2019"
  buildingType: string; // one of BUILDING_USE_OPTIONS, or ""
  elevators: number;
  kitchen: boolean; // kitchen fitted
  rooftopTank: boolean;
  unitNumber: string;
  parking: number; // parking spaces
  supervisorName: string;
  supervisorPhone: string;
  additionalNotes: string;
}

export interface OfferUnit {
  id: string;
  type: string;
  description: string;
  floor: string; // "5", "3-7" or "1, 3, 5"
  area: number;
  bedrooms: number;
  bathrooms: number;
  orientation?: string;
}
