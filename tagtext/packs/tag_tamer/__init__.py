"""The Tag Tamer pack: the Digimon Card Game (2020)'s community 2v2 format."""
